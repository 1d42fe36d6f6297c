/**
 * Settings too big for one storage.sync item (issue #30: 50 added engines with long paths take far more
 * than 8 KB), or a write the browser refuses (its write rate): they are kept on this device, with why,
 * read from there, and go back to sync at the next write that fits. Nothing the user set is lost.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const engine = (i: number) => ({ host: `search${i}.example`, path: `/${'p'.repeat(150)}/search`, param: 'q', name: `Engine ${i}` });

describe('settings that do not fit the browser sync', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.resetModules();
  });

  it('over 8 KB: kept here with the reason, read back; smaller again: to sync, the local copy dropped', async () => {
    const { readSettings, writeSettings, SETTINGS_LOCAL_KEY } = await import('../../shared/settings');
    await writeSettings({ displayMode: 'flag' });
    const many = Array.from({ length: 50 }, (_, i) => engine(i));
    const next = await writeSettings({ addedEngines: many });
    expect(next.addedEngines).toHaveLength(50);
    const local = await fakeBrowser.storage.local.get(['settings', SETTINGS_LOCAL_KEY]);
    expect((local.settings as { addedEngines: unknown[] }).addedEngines).toHaveLength(50);
    expect(local[SETTINGS_LOCAL_KEY]).toMatchObject({ message: expect.stringContaining('8192') });
    expect((local[SETTINGS_LOCAL_KEY] as { bytes: number }).bytes).toBeGreaterThan(8192);
    // The options' Sync section says so.
    const { syncStatus } = await import('../../entrypoints/background/sync/sync-switch');
    expect((await syncStatus()).settingsLocal).toMatchObject({ bytes: expect.any(Number), message: expect.stringContaining('8192') });
    // Sync keeps the last settings that fitted; this device reads its own.
    expect(((await fakeBrowser.storage.sync.get('settings')).settings as { addedEngines: unknown[] }).addedEngines).toEqual([]);
    vi.resetModules();
    const fresh = await import('../../shared/settings');
    expect((await fresh.readSettings()).addedEngines).toHaveLength(50);
    await fresh.writeSettings({ addedEngines: many.slice(0, 3) });
    expect(((await fakeBrowser.storage.sync.get('settings')).settings as { addedEngines: unknown[] }).addedEngines).toHaveLength(3);
    expect(await fakeBrowser.storage.local.get(['settings', SETTINGS_LOCAL_KEY])).toEqual({});
    expect((await readSettings()).displayMode).toBe('flag');
  });

  it('a write the browser refuses keeps the change here, with the browser’s words', async () => {
    const { readSettings, writeSettings, SETTINGS_LOCAL_KEY } = await import('../../shared/settings');
    const spy = vi.spyOn(fakeBrowser.storage.sync, 'set').mockRejectedValueOnce(new Error('MAX_WRITE_OPERATIONS_PER_MINUTE quota exceeded'));
    await writeSettings({ displayMode: 'off' });
    expect(spy).toHaveBeenCalled();
    expect((await fakeBrowser.storage.local.get(SETTINGS_LOCAL_KEY))[SETTINGS_LOCAL_KEY]).toMatchObject({ message: expect.stringContaining('MAX_WRITE') });
    vi.resetModules();
    expect((await (await import('../../shared/settings')).readSettings()).displayMode).toBe('off');
    await writeSettings({ displayMode: 'flag' });
    expect(((await fakeBrowser.storage.sync.get('settings')).settings as { displayMode: string }).displayMode).toBe('flag');
    expect((await readSettings()).displayMode).toBe('flag');
  });
});
