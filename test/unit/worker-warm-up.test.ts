/** lib/worker/warm-up: a new Worker reads a made-up page as it reads real ones, one round a task. */
import { describe, expect, it } from 'vitest';
import { handleWorkerRequest } from '../../lib/worker/handle';
import { madeUpPage, warmUpWorker } from '../../lib/worker/warm-up';

describe('warmUpWorker', () => {
  it('reads a made-up page the size of a small real one through the page and sketch requests', () => {
    const html = madeUpPage();
    expect(html.length).toBeGreaterThan(30_000);
    const r = handleWorkerRequest({ id: 1, op: 'page', html, url: 'https://made.example/a', options: { shingle: 5, size: 128 } }) as {
      ok: boolean;
      page?: { method: string; phrases?: string[] };
    };
    expect(r.ok).toBe(true);
    expect(r.page?.method).toBe('article');
    expect(r.page?.phrases?.length).toBeGreaterThan(0);
  });

  it('runs its rounds one task at a time, as many as asked', () => {
    const tasks: (() => void)[] = [];
    warmUpWorker((f) => tasks.push(f), 3);
    let ran = 0;
    while (tasks.length) tasks.shift()!(), ran++;
    expect(ran).toBe(3);
  });
});
