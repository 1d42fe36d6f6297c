import { describe, expect, it } from 'vitest';
import { FetchQueue, type FetchJob, type JobOutcome } from '../../lib/fetch/queue';

/** Fake runs the test settles by hand; records the order jobs start in and the peak concurrency. */
function harness(limits?: { perTab?: number; perHost?: number }) {
  const started: string[] = [];
  const live = new Map<string, { resolve: (v: string) => void; reject: (e: unknown) => void; signal: AbortSignal }>();
  let peak = 0;
  const peakHost = new Map<string, number>();
  const queue = new FetchQueue<string>(
    (job, signal) =>
      new Promise<string>((resolve, reject) => {
        started.push(job.url);
        live.set(job.url, { resolve, reject, signal });
        peak = Math.max(peak, live.size);
        const host = new URL(job.url).hostname;
        const n = [...live.keys()].filter((u) => new URL(u).hostname === host).length;
        peakHost.set(host, Math.max(peakHost.get(host) ?? 0, n));
      }),
    limits,
  );
  const outcomes: [string, JobOutcome<string>][] = [];
  queue.onDone((job, out) => outcomes.push([job.url, out]));
  const finish = async (url: string, fail = false) => {
    const run = live.get(url)!;
    live.delete(url);
    if (fail) run.reject(new Error(`boom ${url}`));
    else run.resolve(`body of ${url}`);
    await new Promise((r) => setTimeout(r, 0)); // let the queue see the settlement
  };
  return { queue, started, live, outcomes, finish, peak: () => peak, peakHost };
}

const job = (host: string, rank: number): FetchJob => ({ url: `https://${host}/r${rank}`, rank });

describe('FetchQueue', () => {
  it('runs at most 4 at once, in rank order, whatever order jobs arrive in', async () => {
    const h = harness();
    const jobs = [7, 3, 9, 1, 5, 2, 8, 4, 6, 10].map((r) => job(`h${r}.example`, r));
    expect(h.queue.add(jobs)).toBe(10);
    expect(h.started).toEqual([1, 2, 3, 4].map((r) => `https://h${r}.example/r${r}`));
    expect(h.queue.progress).toEqual({ done: 0, total: 10, running: 4, pending: 6 });
    while (h.live.size > 0) await h.finish([...h.live.keys()][0]);
    await h.queue.idle();
    expect(h.started.map((u) => Number(u.split('/r')[1]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(h.peak()).toBe(4);
    expect(h.queue.progress).toEqual({ done: 10, total: 10, running: 0, pending: 0 });
    expect(h.outcomes[0][1]).toEqual({ status: 'done', value: 'body of https://h1.example/r1' });
  });

  it('keeps at most 2 per host, passing a saturated host over and resuming it when a slot frees', async () => {
    const h = harness();
    h.queue.add([
      job('a.example', 1),
      job('a.example', 2),
      job('a.example', 3),
      job('a.example', 4),
      job('b.example', 5),
      job('c.example', 6),
      job('d.example', 7),
    ]);
    expect(h.started).toEqual(['https://a.example/r1', 'https://a.example/r2', 'https://b.example/r5', 'https://c.example/r6']);
    await h.finish('https://a.example/r1');
    expect(h.started.at(-1)).toBe('https://a.example/r3'); // the best-ranked waiting job fits again
    await h.finish('https://b.example/r5');
    expect(h.started.at(-1)).toBe('https://d.example/r7'); // a.example is full again, so r4 waits
    await h.finish('https://a.example/r2');
    expect(h.started.at(-1)).toBe('https://a.example/r4');
    while (h.live.size > 0) await h.finish([...h.live.keys()][0]);
    await h.queue.idle();
    expect(h.peakHost.get('a.example')).toBe(2);
    expect(h.outcomes).toHaveLength(7);
  });

  it('honours other limits', async () => {
    const h = harness({ perTab: 1, perHost: 1 });
    h.queue.add([job('a.example', 2), job('a.example', 1)]);
    expect(h.started).toEqual(['https://a.example/r1']);
    await h.finish('https://a.example/r1');
    expect(h.started).toEqual(['https://a.example/r1', 'https://a.example/r2']);
  });

  it('cancel() aborts what runs, drops what waits, reports each as cancelled exactly once', async () => {
    const h = harness();
    h.queue.add([1, 2, 3, 4, 5, 6].map((r) => job(`h${r}.example`, r)));
    await h.finish('https://h1.example/r1');
    const signals = [...h.live.values()].map((r) => r.signal);
    h.queue.cancel();
    expect(signals.every((s) => s.aborted)).toBe(true);
    await h.queue.idle();
    expect(h.queue.progress).toEqual({ done: 6, total: 6, running: 0, pending: 0 });
    expect(h.outcomes.filter(([, o]) => o.status === 'cancelled')).toHaveLength(5);
    await h.finish('https://h2.example/r2'); // a run that ignores its signal and finishes later
    expect(h.outcomes).toHaveLength(6);
    expect(h.started).toHaveLength(5); // nothing started after cancel
    expect(h.queue.add([job('h9.example', 9)])).toBe(0);
  });

  it('a failing run (rejected or thrown) is reported and the queue goes on', async () => {
    const queue = new FetchQueue<number>(async (j) => {
      if (j.rank === 1) throw new Error('async failure');
      if (j.rank === 2) return Promise.reject(new Error('rejected'));
      return j.rank;
    });
    const sync = new FetchQueue<number>(() => {
      throw new Error('sync');
    });
    const got: JobOutcome<number>[] = [];
    queue.onDone((_, o) => got.push(o));
    sync.onDone((_, o) => got.push(o));
    queue.add([1, 2, 3].map((r) => job('a.example', r)));
    sync.add([job('b.example', 1)]);
    await Promise.all([queue.idle(), sync.idle()]);
    expect(got.map((o) => o.status).sort()).toEqual(['done', 'failed', 'failed', 'failed']);
  });

  it('skips a URL it already has (infinite scroll re-reports results) and idle() waits for later adds', async () => {
    const h = harness();
    expect(h.queue.add([job('a.example', 1), job('a.example', 1)])).toBe(1);
    expect(h.queue.add([job('a.example', 1), job('b.example', 2)])).toBe(1);
    let idle = false;
    void h.queue.idle().then(() => {
      idle = true;
    });
    await h.finish('https://a.example/r1');
    expect(idle).toBe(false);
    await h.finish('https://b.example/r2');
    expect(idle).toBe(true);
    await expect(new FetchQueue(async () => 0).idle()).resolves.toBeUndefined();
  });

  it('an unsubscribed listener hears nothing more', async () => {
    const h = harness();
    const heard: string[] = [];
    const off = h.queue.onDone((j) => heard.push(j.url));
    h.queue.add([job('a.example', 1), job('b.example', 2)]);
    await h.finish('https://a.example/r1');
    off();
    await h.finish('https://b.example/r2');
    expect(heard).toEqual(['https://a.example/r1']);
  });

  it('a job that releases its slot (page read, now sketching) lets the next fetch start, and still counts until it ends', async () => {
    const releases = new Map<string, () => void>();
    const ends = new Map<string, () => void>();
    const started: string[] = [];
    const q = new FetchQueue<string>(
      (job, _signal, release) =>
        new Promise<string>((resolve) => {
          started.push(job.url);
          releases.set(job.url, release);
          ends.set(job.url, () => resolve(job.url));
        }),
      { perTab: 2, perHost: 1 },
    );
    q.add([job('a.example', 1), job('a.example', 2), job('b.example', 3), job('c.example', 4)]);
    expect(started).toEqual(['https://a.example/r1', 'https://b.example/r3']);
    releases.get('https://a.example/r1')!();
    releases.get('https://a.example/r1')!(); // twice is once
    await Promise.resolve();
    // a.example's slot is free again: rank 2 goes before rank 4, and the tab's limit still holds.
    expect(started).toEqual(['https://a.example/r1', 'https://b.example/r3', 'https://a.example/r2']);
    expect(q.progress).toEqual({ done: 0, total: 4, running: 3, pending: 1 });
    ends.get('https://a.example/r1')!();
    await new Promise((r) => setTimeout(r, 0));
    expect(q.progress).toMatchObject({ done: 1, running: 2, pending: 1 });
    expect(started).toHaveLength(3); // ending a released job frees no second slot
    ends.get('https://b.example/r3')!();
    await new Promise((r) => setTimeout(r, 0));
    expect(started.at(-1)).toBe('https://c.example/r4');
    for (const u of ['https://a.example/r2', 'https://c.example/r4']) ends.get(u)!();
    await q.idle();
    expect(q.progress).toEqual({ done: 4, total: 4, running: 0, pending: 0 });
  });
});
