/**
 * Issue #39: the options' lists load one way (page-support/use-list.ts). One message asks; a failure
 * says why and leaves what did load; a storage change it is told about asks again; an answer overtaken
 * by a later ask, or by an answer set from a change the user made, is dropped.
 */
import { h } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ListLoad } from '../../page-support/use-list';
import { mountIn } from './helpers/mount';

type Answer = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
const asked: { type: string; answer: Answer }[] = [];
vi.mock('../../page-support/messaging', async (original) => ({
  ...(await original<typeof import('../../page-support/messaging')>()),
  send: (type: string) => new Promise((resolve, reject) => asked.push({ type, answer: { resolve, reject } })),
}));
const { useList } = await import('../../page-support/use-list');

let seen: ListLoad<{ entries: number; bytes: number }>;
function Probe({ reloadOn }: { reloadOn: ((changes: Record<string, unknown>, area: string) => boolean) | undefined }) {
  seen = useList('cache/usage', {}, { reloadOn });
  return null;
}
const usage = (entries: number) => ({ entries, bytes: entries * 10 });

beforeEach(() => {
  asked.length = 0;
  fakeBrowser.reset();
});

describe('useList: the options lists, loaded one way', () => {
  it('asks once, says loading, then holds the answer', async () => {
    mountIn(h(Probe, { reloadOn: undefined }));
    await vi.waitFor(() => expect(asked.map((a) => a.type)).toEqual(['cache/usage']));
    expect([seen.loading, seen.data, seen.error]).toEqual([true, undefined, undefined]);
    asked[0].answer.resolve(usage(3));
    await vi.waitFor(() => expect([seen.loading, seen.data, seen.error]).toEqual([false, usage(3), undefined]));
    expect(seen.loadedAt).toBeTypeOf('number');
  });

  it('a failed ask says why and leaves what did load; the next answer clears it', async () => {
    mountIn(h(Probe, { reloadOn: undefined }));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    asked[0].answer.reject(new Error('storage is full.'));
    await vi.waitFor(() => expect([seen.loading, seen.data, seen.error]).toEqual([false, undefined, 'storage is full']));
    void seen.reload();
    asked[1].answer.resolve(usage(1));
    await vi.waitFor(() => expect([seen.data, seen.error]).toEqual([usage(1), undefined]));
    void seen.reload();
    asked[2].answer.reject(new Error('gone'));
    await vi.waitFor(() => expect([seen.data, seen.error]).toEqual([usage(1), 'gone']));
  });

  it('asks again on the storage changes it is told about, and only those', async () => {
    mountIn(h(Probe, { reloadOn: (changes, area) => area === 'local' && 'mine' in changes }));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await fakeBrowser.storage.local.set({ other: 1 });
    await fakeBrowser.storage.local.set({ mine: 1 });
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toHaveLength(2);
  });

  it('drops an answer overtaken by a later ask or by one set from the user’s change', async () => {
    mountIn(h(Probe, { reloadOn: undefined }));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    void seen.reload();
    asked[1].answer.resolve(usage(2));
    await vi.waitFor(() => expect(seen.data).toEqual(usage(2)));
    asked[0].answer.resolve(usage(1));
    void seen.reload();
    seen.set(usage(9));
    asked[2].answer.resolve(usage(5));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.data).toEqual(usage(9));
  });
});
