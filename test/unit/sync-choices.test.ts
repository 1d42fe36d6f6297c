/**
 * Issue #30, sync: the background's wiring of the user's choices through storage.sync
 * (entrypoints/background/sync), with WXT's fake browser for storage. "Another machine" is storage.sync
 * written directly with lib/sync/encode's chunks, as Chrome's sync would deliver them. The copycat
 * verdicts' and subscriptions' writers are stand-ins writing their storage.local keys as theirs do.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NOT_A_COPY_KEY, type NotACopy } from '../../lib/group/not-a-copy';
import { COPYCAT_USER_KEY } from '../../lib/copycat/table';
import { SUBS_KEY } from '../../lib/copycat/subscriptions';
import { PRIVATE_NOT_A_COPY_KEY } from '../../lib/tab/inputs';
import { type Entry, type PairChoice, type SubChoice, keyOf, removal } from '../../lib/sync/choices';
import { decode, encode } from '../../lib/sync/encode';
import type { SyncHere } from '../../entrypoints/background/sync/sync-here';
import { diffLocal, emptyLedger, mergeRemote, pendingEntries, settlePending } from '../../lib/sync/ledger';

const local = fakeBrowser.storage.local;
const sync = fakeBrowser.storage.sync;

/** A worker that stops inside a verdict's local write (for this site): its promise never settles. */
let stopAt: string | undefined;
let stopped = false;
/** A subscription's first fetch that takes its time (an address with 'slow'): it waits for this. */
let slowFetch: Promise<void> = Promise.resolve();
let slowCalls = 0;

// Stand-ins for the subs part's and the copycat table's writers (their own tests cover them).
const regroups = vi.fn(async (_pair: unknown, _o: unknown) => null);
/** The verdicts' writes (one per call of the writer, as the real one writes once per call). */
let verdictWrites = 0;
type Word = { site: string; verdict: 'not-copycat' | 'marked' | 'none' };
const setVerdictsStandIn = async (words: readonly Word[]) => {
  if (words.some((w) => w.site === stopAt)) {
    stopped = true;
    return new Promise(() => undefined);
  }
  const u = ((await local.get(COPYCAT_USER_KEY))[COPYCAT_USER_KEY] as { notCopycat: string[]; marked: string[] }) ?? { notCopycat: [], marked: [] };
  const user = { notCopycat: [...u.notCopycat], marked: [...u.marked] };
  for (const { site, verdict } of words) {
    user.notCopycat = user.notCopycat.filter((x) => x !== site);
    user.marked = user.marked.filter((x) => x !== site);
    if (verdict !== 'none') (verdict === 'marked' ? user.marked : user.notCopycat).push(site);
  }
  verdictWrites++;
  await local.set({ [COPYCAT_USER_KEY]: user });
  return {};
};
vi.mock('../../entrypoints/background/copycat/copycat-evidence', () => ({
  setVerdict: (site: string, verdict: Word['verdict']) => setVerdictsStandIn([{ site, verdict }]),
  setVerdicts: (words: readonly Word[]) => setVerdictsStandIn(words),
}));
const subsRead = async () => ((await local.get(SUBS_KEY))[SUBS_KEY] as { url: string; name: string }[] | undefined) ?? [];
const subRecord = (url: string, name: string) => ({ url, name, hours: 24, sites: 0, at: Date.now() });
vi.mock('../../entrypoints/background/copycat/subscriptions', () => ({
  addSub: async ({ url, name }: { url: string; name: string }) => {
    if (url.includes('unreachable')) return { code: 'fetch', error: 'no answer' };
    if (url.includes('slow')) {
      slowCalls++;
      await slowFetch;
    }
    await local.set({ [SUBS_KEY]: [...(await subsRead()).filter((s) => s.url !== url), subRecord(url, name)] });
    return { view: { subs: [], suggested: [] } };
  },
  editSub: async ({ url, name }: { url: string; name: string }) => {
    await local.set({ [SUBS_KEY]: (await subsRead()).map((s) => (s.url === url ? { ...s, name } : s)) });
    return { subs: [], suggested: [] };
  },
  removeSub: async (url: string) => {
    await local.set({ [SUBS_KEY]: (await subsRead()).filter((s) => s.url !== url) });
    return { subs: [], suggested: [] };
  },
}));

const { startChoiceSync, privateVerdict } = await import('../../entrypoints/background/sync/choice-sync');
const { setSyncOn, syncStatus } = await import('../../entrypoints/background/sync/sync-switch');
/** What the background's entry gives the sync (index.ts): the real pairs' writer, the stand-ins above, the regroups counted. */
async function here(): Promise<SyncHere> {
  const [pairs, evidence, subs] = await Promise.all([
    import('../../entrypoints/background/choices/not-a-copy'),
    import('../../entrypoints/background/copycat/copycat-evidence'),
    import('../../entrypoints/background/copycat/subscriptions'),
  ]);
  return {
    applyPairs: pairs.applySyncedPairs,
    regroup: (pair) => regroups(pair, { privateOnly: false }),
    setVerdicts: evidence.setVerdicts,
    addSub: subs.addSub,
    editSub: subs.editSub,
    removeSub: subs.removeSub,
  };
}
const { reconcile } = await import('../../entrypoints/background/sync/reconcile');
const { settled, loadLedger } = await import('../../entrypoints/background/sync/sync-store');
const { setSyncTiming, writePending } = await import('../../entrypoints/background/sync/sync-write');
const { setVerdict } = await import('../../entrypoints/background/copycat/copycat-evidence');

const T0 = 1_750_000_000_000;
const pairRec = (i: number, at = T0 + i, pad = 0): NotACopy => ({
  a: `https://a${i}.example/${'p'.repeat(pad)}`,
  b: `https://b${i}.example/${'p'.repeat(pad)}`,
  titleA: 'A',
  titleB: 'B',
  at,
});
const asChoice = (p: NotACopy): PairChoice => ({ kind: 'pair', a: p.a, b: p.b, at: p.at });
const pairsHere = async () => ((await local.get(NOT_A_COPY_KEY))[NOT_A_COPY_KEY] as NotACopy[] | undefined) ?? [];
const userHere = async () => (await local.get(COPYCAT_USER_KEY))[COPYCAT_USER_KEY] as { notCopycat: string[]; marked: string[] } | undefined;
const synced = async () => decode(await sync.get(null));
const byKey = (es: readonly Entry[]) => new Map(es.map((e) => [keyOf(e), e]));
/** Another machine's write: its entries as chunks, in place of what storage.sync held. */
async function remoteWrites(entries: Entry[]) {
  const old = Object.keys(await sync.get(null)).filter((k) => k.startsWith('c:'));
  if (old.length) await sync.remove(old);
  await sync.set(encode(entries).items);
}
/** Every queued step done and no write waiting: the state is final. */
async function quiet() {
  await vi.waitFor(async () => {
    await settled();
    expect(writePending()).toBe(false);
  });
  await settled();
}

beforeEach(async () => {
  fakeBrowser.reset();
  stopAt = undefined;
  stopped = false;
  slowCalls = 0;
  regroups.mockClear();
  verdictWrites = 0;
  setSyncTiming({ debounceMs: 0, gapMs: 0, retryMs: 20 });
  startChoiceSync(await here());
});

describe('the ledger', () => {
  it('dates new and changed choices when it sees them, and makes a removal a tombstone', () => {
    const p = asChoice(pairRec(1));
    const v = { kind: 'verdict', site: 'cc.example', verdict: 'marked', at: 0 } as const;
    let { ledger, changed } = diffLocal(emptyLedger(), [p, v], T0 + 100);
    // A pair by its own time; a verdict (no time of its own) when first seen.
    expect(changed).toEqual([p, { ...v, at: T0 + 100 }]);
    ({ ledger, changed } = diffLocal(ledger, [p, v], T0 + 200));
    expect(changed).toEqual([]);
    ({ ledger, changed } = diffLocal(ledger, [p, { ...v, verdict: 'not-copycat' }], T0 + 300));
    expect(changed).toEqual([{ ...v, verdict: 'not-copycat', at: T0 + 300 }]);
    ({ ledger, changed } = diffLocal(ledger, [p], T0 + 400));
    expect(changed).toEqual([removal(v, T0 + 400)]);
    ({ changed } = diffLocal(ledger, [], T0 + 500));
    expect(changed).toEqual([removal(p, T0 + 500)]);
  });

  it('takes the latest change per choice from another machine, and applies only what changes here', () => {
    const v = { kind: 'verdict', site: 'cc.example', verdict: 'marked', at: 0 } as const;
    const { ledger } = diffLocal(emptyLedger(), [v], T0 + 100);
    expect(mergeRemote(ledger, [{ ...v, verdict: 'not-copycat', at: T0 + 50 }], T0 + 200).pending).toEqual([]);
    const newer = { ...v, verdict: 'not-copycat', at: T0 + 150 } as const;
    const m = mergeRemote(ledger, [newer], T0 + 200);
    expect(pendingEntries(m)).toEqual([newer]);
    // Seen only once applied: until then a look at the local stores passes over it.
    expect(m.seen[keyOf(v)]).toBe('marked');
    expect(diffLocal(m, [v], T0 + 250).changed).toEqual([]);
    const done = settlePending(m, [newer]);
    expect(done.seen[keyOf(v)]).toBe('not-copycat');
    expect(done.pending).toEqual([]);
    expect(mergeRemote(done, [newer], T0 + 300).pending).toEqual([]);
  });

  it('a remote change not yet applied here is no removal, and no change either', () => {
    const p = asChoice(pairRec(1));
    const { ledger } = diffLocal(emptyLedger(), [p], T0 + 100);
    const q = asChoice(pairRec(2));
    const m = mergeRemote(ledger, [removal(p, T0 + 200), q], T0 + 300);
    expect(m.pending.sort()).toEqual([keyOf(p), keyOf(q)].sort());
    // The stores as before the apply (p here, q not), and as after it (q here, p not): nothing dated.
    expect(diffLocal(m, [p], T0 + 400).changed).toEqual([]);
    expect(diffLocal(m, [q], T0 + 400).changed).toEqual([]);
    // Settled, q is seen and p is not: the next look finds nothing to date.
    const done = settlePending(m, pendingEntries(m));
    expect(diffLocal(done, [q], T0 + 500).changed).toEqual([]);
    // One that failed leaves pending with `seen` as it was: its absence here is no removal.
    const failed = settlePending(m, pendingEntries(m), [keyOf(q)]);
    expect(failed.pending).toEqual([]);
    expect(diffLocal(failed, [], T0 + 500).changed).toEqual([]);
  });
});

describe('choices through storage.sync', () => {
  it('a choice made here is written to storage.sync (dated), and its undo as a removal', async () => {
    const p = pairRec(1);
    await local.set({ [NOT_A_COPY_KEY]: [p] });
    await setVerdict('cc.example', 'marked');
    await local.set({ [SUBS_KEY]: [subRecord('https://lists.example/l.txt', 'My list')] });
    await quiet();
    const got = byKey(await synced());
    expect(got.get(keyOf(asChoice(p)))).toEqual(asChoice(p));
    expect(got.get(keyOf({ kind: 'verdict', site: 'cc.example', verdict: 'marked', at: 0 }))).toMatchObject({ verdict: 'marked' });
    expect(got.get(keyOf({ kind: 'sub', url: 'https://lists.example/l.txt', name: '', at: 0 }))).toMatchObject({ name: 'My list' });
    await local.set({ [NOT_A_COPY_KEY]: [] });
    await quiet();
    expect(byKey(await synced()).get(keyOf(asChoice(p)))).toMatchObject({ gone: true });
  });

  it("another machine's choices apply here at once (pairs regroup open tabs) and do not echo back", async () => {
    const p = asChoice(pairRec(7));
    const s: SubChoice = { kind: 'sub', url: 'https://lists.example/a.txt', name: 'A list', at: T0 + 6 };
    const entries: Entry[] = [p, { kind: 'verdict', site: 'copy.example', verdict: 'marked', at: T0 + 5 }, s];
    await remoteWrites(entries);
    await quiet();
    expect((await pairsHere()).map((r) => [r.a, r.b, r.at])).toEqual([[p.a, p.b, p.at]]);
    expect(regroups).toHaveBeenCalledWith(expect.objectContaining({ a: p.a, b: p.b }), { privateOnly: false });
    expect((await userHere())?.marked).toEqual(['copy.example']);
    expect((await subsRead()).map((s) => [s.url, s.name])).toEqual([['https://lists.example/a.txt', 'A list']]);
    // No echo: the ledger holds the remote times, and nothing was written back.
    expect(byKey((await loadLedger()).entries)).toEqual(byKey(entries));
    expect(byKey(await synced())).toEqual(byKey(entries));
    const set = vi.spyOn(sync, 'set');
    // Undone there: removed here.
    await remoteWrites([removal(p, T0 + 100), entries[1], removal(s, T0 + 100)]);
    set.mockClear();
    await quiet();
    expect(await pairsHere()).toEqual([]);
    expect(await subsRead()).toEqual([]);
    expect(set).not.toHaveBeenCalled();
  });

  it('2,000 verdicts arriving at once are applied as one write (issue #38), in well under 2 s', async () => {
    const entries: Entry[] = Array.from({ length: 2000 }, (_, i) => ({ kind: 'verdict', site: `copy${i}.example`, verdict: 'marked', at: T0 + i }));
    const started = performance.now();
    await remoteWrites(entries);
    await quiet();
    const ms = performance.now() - started;
    console.log(`2,000 synced verdicts applied in ${ms.toFixed(0)} ms (fake storage)`);
    expect((await userHere())?.marked).toHaveLength(2000);
    expect(verdictWrites, 'one write of the verdicts for the one arrival').toBe(1);
  });

  it('the latest change wins, whichever machine made it', async () => {
    const site = 'cc.example';
    await remoteWrites([{ kind: 'verdict', site, verdict: 'marked', at: Date.now() - 60_000 }]);
    await quiet();
    expect((await userHere())?.marked).toEqual([site]);
    // Changed here later: sync takes this machine's word.
    await setVerdict(site, 'not-copycat');
    await quiet();
    expect(byKey(await synced()).get(keyOf({ kind: 'verdict', site, verdict: 'marked', at: 0 }))).toMatchObject({ verdict: 'not-copycat' });
    // An older word from a machine that was away changes nothing here…
    await remoteWrites([{ kind: 'verdict', site, verdict: 'marked', at: Date.now() - 30_000 }]);
    await quiet();
    expect((await userHere())?.notCopycat).toEqual([site]);
    // …and is answered with the newer one.
    expect((await synced())[0]).toMatchObject({ verdict: 'not-copycat' });
    // A newer one applies.
    await remoteWrites([{ kind: 'verdict', site, verdict: 'marked', at: Date.now() + 1000 }]);
    await quiet();
    expect((await userHere())?.marked).toEqual([site]);
  });

  it("a private window's choices never sync", async () => {
    await fakeBrowser.storage.session.set({ [PRIVATE_NOT_A_COPY_KEY]: [pairRec(1)] });
    await privateVerdict('private.example', 'marked', () => setVerdict('private.example', 'marked'));
    await quiet();
    expect((await userHere())?.marked).toEqual(['private.example']);
    expect(await synced()).toEqual([]);
    // A later word from a normal window does sync.
    await setVerdict('private.example', 'not-copycat');
    await quiet();
    expect(await synced()).toMatchObject([{ site: 'private.example', verdict: 'not-copycat' }]);
  });

  it('past the quota the oldest stay here, and the options are told how many', async () => {
    // 500 pairs of 400-character addresses: about 400 KB, four times what storage.sync holds.
    const pairs = Array.from({ length: 500 }, (_, i) => pairRec(i, T0 + i, 400));
    await local.set({ [NOT_A_COPY_KEY]: pairs });
    await quiet();
    const there = await synced();
    const status = await syncStatus();
    expect(status.keptLocal).toBeGreaterThan(0);
    expect(status.synced).toBe(there.length);
    expect(status.synced + status.keptLocal).toBe(500);
    expect(status.bytes).toBeLessThanOrEqual(90 * 1024);
    // The newest went: every one synced is newer than every one kept here.
    const oldestSynced = Math.min(...there.map((e) => e.at));
    expect(oldestSynced).toBe(T0 + status.keptLocal);
    expect(await pairsHere()).toHaveLength(500);
  });

  it('a failed write is recorded (why and when), keeps everything here, and is tried again', async () => {
    setSyncTiming({ retryMs: 600 });
    const set = vi.spyOn(sync, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES_PER_ITEM quota exceeded'));
    await local.set({ [NOT_A_COPY_KEY]: [pairRec(1)] });
    await vi.waitFor(async () => expect((await syncStatus()).failed?.message).toContain('QUOTA_BYTES'));
    expect(await pairsHere()).toHaveLength(1);
    // Tried again later: it lands, and the failure is no longer shown.
    await vi.waitFor(async () => expect(await synced()).toHaveLength(1), { timeout: 3000 });
    await quiet();
    expect((await syncStatus()).failed).toBeUndefined();
    expect(set.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('"keep my choices on this device only" stops both ways; on again, this device\'s choices are merged and written', async () => {
    await setSyncOn(false);
    await local.set({ [NOT_A_COPY_KEY]: [pairRec(1)] });
    await quiet();
    expect(await synced()).toEqual([]);
    await remoteWrites([{ kind: 'verdict', site: 'far.example', verdict: 'marked', at: T0 }]);
    await quiet();
    expect(await userHere()).toBeUndefined();
    expect((await syncStatus()).on).toBe(false);
    // On again: both sides' choices, here and there.
    await setSyncOn(true);
    await quiet();
    expect((await userHere())?.marked).toEqual(['far.example']);
    expect(byKey(await synced()).has(keyOf(asChoice(pairRec(1))))).toBe(true);
    expect((await syncStatus()).on).toBe(true);
  });

  it('a worker stopped after the ledger took a remote choice in, before it landed here, applies it at its next start, never as a removal', async () => {
    /** A new service worker: the sync's modules loaded afresh (new queues) on the same storage. */
    const startWorker = async () => {
      vi.resetModules();
      const sync = await import('../../entrypoints/background/sync/choice-sync');
      const store = await import('../../entrypoints/background/sync/sync-store');
      const write = await import('../../entrypoints/background/sync/sync-write');
      write.setSyncTiming({ debounceMs: 0, gapMs: 0, retryMs: 20 });
      sync.startChoiceSync(await here());
      return async () => {
        await vi.waitFor(async () => {
          await store.settled();
          expect(write.writePending()).toBe(false);
        });
        await store.settled();
        return store.loadLedger();
      };
    };
    fakeBrowser.reset(); // the suite's worker: not this one
    await startWorker();
    const v: Entry = { kind: 'verdict', site: 'far.example', verdict: 'marked', at: T0 };
    stopAt = 'far.example';
    await remoteWrites([v]);
    await vi.waitFor(() => expect(stopped).toBe(true));
    // That worker is gone (its queue never moves again); the next one starts, and a choice is made here.
    stopAt = undefined;
    const quietNext = await startWorker();
    await local.set({ [NOT_A_COPY_KEY]: [pairRec(1)] });
    const ledger = await quietNext();
    expect((await userHere())?.marked).toEqual(['far.example']);
    expect((await synced()).filter((e) => 'gone' in e)).toEqual([]);
    expect(byKey(await synced()).get(keyOf(v))).toEqual(v);
    expect(ledger.pending).toEqual([]);
  });

  it("a subscription's first fetch does not hold up the choices made here meanwhile", async () => {
    let fetched: () => void = () => undefined;
    slowFetch = new Promise<void>((r) => {
      fetched = r;
    });
    const s: SubChoice = { kind: 'sub', url: 'https://slow.example/l.txt', name: 'Slow', at: T0 };
    await remoteWrites([s]);
    await vi.waitFor(() => expect(slowCalls).toBe(1));
    // While it fetches, a pair said here goes to storage.sync.
    const p = asChoice(pairRec(1));
    await local.set({ [NOT_A_COPY_KEY]: [pairRec(1)] });
    await vi.waitFor(async () => expect(byKey(await synced()).get(keyOf(p))).toEqual(p));
    fetched();
    await quiet();
    expect((await subsRead()).map((x) => x.url)).toEqual([s.url]);
    // Subscribed here, and no echo: sync holds the subscription as it came.
    expect(byKey(await synced()).get(keyOf(s))).toEqual(s);
    expect((await loadLedger()).pending).toEqual([]);
  });

  it('a subscription that cannot be subscribed here is not taken for an unsubscribe', async () => {
    const s: Entry = { kind: 'sub', url: 'https://unreachable.example/l.txt', name: 'L', at: T0 };
    await remoteWrites([s]);
    await quiet();
    expect(await subsRead()).toEqual([]);
    await local.set({ [NOT_A_COPY_KEY]: [pairRec(1)] });
    await quiet();
    expect(byKey(await synced()).get(keyOf(s))).toEqual(s);
    await reconcile(true);
    await quiet();
    expect(byKey(await synced()).get(keyOf(s))).toEqual(s);
  });
});

describe('the settings with the switch', () => {
  it('off, they are read and written on this device only; on again, the ones changed here go to sync', async () => {
    const { readSettings, writeSettings } = await import('../../shared/settings');
    await sync.set({ settings: { version: 1, displayMode: 'collapse' } });
    await setSyncOn(false);
    await writeSettings({ displayMode: 'flag' });
    expect(((await sync.get('settings')).settings as { displayMode: string }).displayMode).toBe('collapse');
    expect(((await local.get('settings')).settings as { displayMode: string }).displayMode).toBe('flag');
    // Another machine's settings change nothing here.
    await sync.set({ settings: { version: 1, displayMode: 'off' } });
    expect((await readSettings()).displayMode).toBe('flag');
    vi.resetModules();
    const fresh = await import('../../shared/settings');
    expect((await fresh.readSettings()).displayMode).toBe('flag');
    await setSyncOn(true);
    expect(((await sync.get('settings')).settings as { displayMode: string }).displayMode).toBe('flag');
    expect((await local.get('settings')).settings).toBeUndefined();
  });
});
