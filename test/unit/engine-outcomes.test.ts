/**
 * Issue #27, "never silent": how each engine's last results page was read. The record's logic
 * (lib/engines/outcomes.ts), the background's writes to storage.local through WXT's fake browser
 * (entrypoints/background/engines/engine-outcomes.ts: one entry per engine, nothing from a private window), the
 * options' words for it (page-support/engine-outcomes.ts), and `reader` carried through the content
 * script's batches (lib/engines/batch.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ENGINE_OUTCOMES_KEY, MAX_OUTCOMES, type EngineOutcomes, outcomeOf, readOutcomes, withOutcome } from '../../lib/engines/outcomes';
import { batches } from '../../lib/engines/batch';
import { noteOutcome } from '../../entrypoints/background/engines/engine-outcomes';
import { outcomeWords } from '../../page-support/engine-outcomes';
import { useLocale } from './helpers/i18n';

const NOW = Date.UTC(2026, 10, 26, 12);
const MIN = 60_000;
const stored = async () => (await fakeBrowser.storage.local.get(ENGINE_OUTCOMES_KEY))[ENGINE_OUTCOMES_KEY];

describe('the outcome of a results page', () => {
  it('is its reader when it gave results, else none', () => {
    expect(outcomeOf(10, 'spec')).toBe('spec');
    expect(outcomeOf(3, 'structure')).toBe('structure');
    expect(outcomeOf(5, undefined), 'an older content script that does not say').toBe('spec');
    expect(outcomeOf(0, 'spec')).toBe('none');
    expect(outcomeOf(0, undefined)).toBe('none');
  });
});

describe('the record', () => {
  it('keeps one entry per engine, the latest', () => {
    let r: EngineOutcomes = {};
    r = withOutcome(r, 'google', 'spec', NOW - 10 * MIN);
    r = withOutcome(r, 'bing', 'none', NOW - 5 * MIN);
    r = withOutcome(r, 'google', 'structure', NOW);
    expect(r).toEqual({ google: { outcome: 'structure', at: NOW }, bing: { outcome: 'none', at: NOW - 5 * MIN } });
  });

  it('stays small: past MAX_OUTCOMES engines the least recently seen go, never the one just recorded', () => {
    let r: EngineOutcomes = {};
    for (let i = 0; i < MAX_OUTCOMES + 10; i++) r = withOutcome(r, `added:e${i}.example`, 'structure', NOW + i);
    expect(Object.keys(r)).toHaveLength(MAX_OUTCOMES);
    expect(r['added:e0.example'], 'the oldest went').toBeUndefined();
    const late = withOutcome(r, 'google', 'spec', 0); // a clock set back
    expect(Object.keys(late)).toHaveLength(MAX_OUTCOMES);
    expect(late.google).toEqual({ outcome: 'spec', at: 0 });
  });

  it('ignores an empty or overlong engine id', () => {
    const r = { google: { outcome: 'spec' as const, at: NOW } };
    expect(withOutcome(r, '', 'none', NOW)).toBe(r);
    expect(withOutcome(r, `added:${'x'.repeat(400)}`, 'none', NOW)).toBe(r);
  });

  it.each([
    ['nothing', undefined],
    ['a list', [{ outcome: 'spec', at: 1 }]],
    ['a string', 'google'],
  ])('read from storage, %s is no record', (_, v) => expect(readOutcomes(v)).toEqual({}));

  it('read from storage, entries of another shape are left out', () => {
    expect(
      readOutcomes({
        google: { outcome: 'spec', at: NOW },
        bing: { outcome: 'guessed', at: NOW },
        yahoo: { outcome: 'none', at: 'yesterday' },
        brave: { outcome: 'structure', at: Number.NaN },
        ecosia: null,
        'added:x.example': { outcome: 'structure', at: NOW, extra: 1 },
      }),
    ).toEqual({ google: { outcome: 'spec', at: NOW }, 'added:x.example': { outcome: 'structure', at: NOW } });
  });
});

describe('the background records it in storage.local', () => {
  beforeEach(() => fakeBrowser.reset());

  it('under one key, an entry per engine', async () => {
    await noteOutcome('google', 'spec', false, NOW - MIN);
    await noteOutcome('bing', 'none', false, NOW - MIN);
    await noteOutcome('google', 'structure', false, NOW);
    expect(await stored()).toEqual({ google: { outcome: 'structure', at: NOW }, bing: { outcome: 'none', at: NOW - MIN } });
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual([ENGINE_OUTCOMES_KEY]);
  });

  it('writes one after another: pages read at once in two tabs both count', async () => {
    await Promise.all([
      noteOutcome('google', 'spec', false, NOW),
      noteOutcome('bing', 'structure', false, NOW),
      noteOutcome('added:search.example', 'none', false, NOW),
    ]);
    expect(Object.keys((await stored()) as object).sort()).toEqual(['added:search.example', 'bing', 'google']);
  });

  it('nothing from a private window', async () => {
    await noteOutcome('google', 'structure', true, NOW);
    expect(await stored()).toBeUndefined();
    await noteOutcome('google', 'spec', false, NOW);
    await noteOutcome('google', 'none', true, NOW + MIN);
    expect(await stored(), 'a private page does not replace the last one seen').toEqual({ google: { outcome: 'spec', at: NOW } });
  });

  it('a damaged record is replaced by a good one, and a failed write does not throw', async () => {
    await fakeBrowser.storage.local.set({ [ENGINE_OUTCOMES_KEY]: { google: 'spec', bing: { outcome: 'none', at: NOW } } });
    await noteOutcome('google', 'structure', false, NOW);
    expect(await stored()).toEqual({ google: { outcome: 'structure', at: NOW }, bing: { outcome: 'none', at: NOW } });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    await expect(noteOutcome('yahoo', 'spec', false, NOW)).resolves.toBeUndefined();
    set.mockRestore();
    await noteOutcome('mojeek', 'spec', false, NOW);
    expect(Object.keys((await stored()) as object).sort(), 'the queue goes on after a failure').toEqual(['bing', 'google', 'mojeek']);
  });
});

describe('the options say it', () => {
  it('in English', () => {
    expect(outcomeWords(undefined, NOW)).toBe('not seen yet');
    expect(outcomeWords({ outcome: 'spec', at: NOW - 5 * MIN }, NOW)).toBe('read by its definition · 5 minutes ago');
    expect(outcomeWords({ outcome: 'structure', at: NOW - 3 * 60 * MIN }, NOW)).toBe('read by structure · 3 hours ago');
    expect(outcomeWords({ outcome: 'none', at: NOW - 3 * 24 * 60 * MIN }, NOW)).toBe('not read · 3 days ago');
  });

  it('in German', () => {
    useLocale('de');
    try {
      expect(outcomeWords({ outcome: 'structure', at: NOW - 5 * MIN }, NOW)).toBe('anhand der Struktur gelesen · vor 5 Minuten');
      expect(outcomeWords(undefined, NOW)).toBe('noch nicht gesehen');
    } finally {
      useLocale('en');
    }
  });
});

describe('the content script carries the reader with its results', () => {
  const r = (rank: number) => ({ rank, url: `https://a.example/${rank}`, title: 'A', snippet: 's', displayUrl: 'a.example' });
  const page = { engine: 'google', url: 'https://www.google.com/search?q=x', query: 'x' };

  it('in every batch of a page read by structure', () => {
    const out = batches({ ...page, results: Array.from({ length: 450 }, (_, i) => r(i + 1)), reader: 'structure' });
    expect(out.length).toBeGreaterThan(1);
    for (const b of out) expect(b.reader).toBe('structure');
  });

  it('not with a page of no results: nothing was read', () => {
    expect(batches({ ...page, results: [], reader: 'spec' })).toEqual([{ ...page, results: [] }]);
  });
});
