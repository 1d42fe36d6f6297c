/**
 * Issue #13: lost and found's report cannot be saved (storage.session full). Before, each 800 ms
 * poll found no stored report and started the search again (the dead URL fetched 13 times in 10 s);
 * now the report held in memory answers the polls, one search runs, and the report says why it
 * could not be saved.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sessionWritesFail } from './helpers/fake-browser';

// storage.session full until a test makes room.
let writable = false;
sessionWritesFail(() => !writable);
const stored = () => fakeBrowser.storage.session.get(null);

/** Each search reads the store first: held here until the test lets it go on. */
let release: () => void = () => undefined;
const started = vi.fn();
vi.mock('../../entrypoints/background/worker/store-access', () => ({
  storeFor: async () => ({
    get: async () => {
      started();
      await new Promise<void>((r) => (release = r));
      return undefined;
    },
    recentSerps: async () => [],
  }),
}));
vi.mock('../../shared/settings', () => ({ readSettings: async () => ({ archiveLookups: false, resemblanceThreshold: 0.5 }) }));
vi.mock('../../entrypoints/background/net/page-access', () => ({ hasPageAccess: async () => false }));
vi.mock('../../entrypoints/background/net/net-observer', () => ({ classifyNetError: () => undefined, observedRedirects: () => undefined }));

const { findCopies } = await import('../../entrypoints/background/lost/lost-found');
const service = {} as never;

describe('lost and found when its report cannot be saved', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    started.mockClear();
    writable = false;
  });

  it('polls read the running search instead of starting it again, and the report says why it was not saved', async () => {
    const url = 'https://gone.example/page';
    const first = await findCopies(service, url);
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    for (let poll = 0; poll < 12; poll++) {
      const r = await findCopies(service, url);
      expect(r.done).toBe(false);
      expect(r.saveError).toContain('quota');
    }
    expect(started, 'one search, however many polls').toHaveBeenCalledTimes(1);
    expect(await stored()).toEqual({});
    release();
    await vi.waitFor(async () => expect((await findCopies(service, url)).done).toBe(true));
    const done = await findCopies(service, url);
    expect(done.needsAccess).toBe(true);
    expect(done.saveError).toContain('quota');
    expect(done).toBe(first);
    expect(started, 'a finished search is not started again by a poll').toHaveBeenCalledTimes(1);
  });

  it('"search again" does start over; once storage has room the report is saved and the error goes', async () => {
    const url = 'https://gone.example/other';
    await findCopies(service, url);
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    release();
    await vi.waitFor(async () => expect((await findCopies(service, url)).done).toBe(true));
    writable = true;
    const again = await findCopies(service, url, true);
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(2));
    release();
    await vi.waitFor(async () => expect((await findCopies(service, url)).done).toBe(true));
    expect(again.saveError).toBeUndefined();
    const saved = (await stored())[`lost:${url}`];
    expect(saved).toMatchObject({ url, done: true });
    expect(saved).not.toHaveProperty('saveError');
  });
});
