/**
 * What WXT's fakeBrowser (@webext-core/fake-browser 1.5, which vitest.config.ts's WxtVitest puts behind
 * `wxt/browser`) does not do, stubbed on it one method at a time: its permissions and scripting methods
 * throw "not implemented", and its storage has no quota. Storage, tabs, runtime messages and events
 * are its own. Call these once at a test file's top level (the stubs last the file; reset() keeps them)
 * and clear their state in a beforeEach, next to fakeBrowser.reset().
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** Chrome's words when storage.session is full (the background looks for "quota"). */
export const SESSION_QUOTA_ERROR = 'Session storage quota bytes exceeded. Values were not stored.';

/** The bytes a storage area would hold (keys and JSON values), to hold it to a quota. */
export const storedBytes = (items: Record<string, unknown>): number => Object.entries(items).reduce((n, [k, v]) => n + k.length + JSON.stringify(v).length, 0);

/**
 * storage.session.set fails as a full storage does, nothing written, when `full` says so of what the
 * area would hold after the write; otherwise it is the fake's own.
 */
export function sessionWritesFail(full: (after: Record<string, unknown>) => boolean): void {
  const area = fakeBrowser.storage.session;
  const set = area.set.bind(area);
  vi.spyOn(area, 'set').mockImplementation(async (items) => {
    if (full({ ...(await area.get(null)), ...items })) throw new Error(SESSION_QUOTA_ERROR);
    return set(items);
  });
}

/**
 * permissions: `contains` answers whether every origin asked for is in `granted` (the test fills it);
 * onAdded and onRemoved take listeners (nothing here grants or revokes while a page listens).
 */
export function grantedOrigins(granted: Set<string> | ((origin: string) => boolean)): void {
  const has = typeof granted === 'function' ? granted : (o: string) => granted.has(o);
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async ({ origins = [] }) => origins.every(has));
  // Plain no-ops, not spies: a component's effect cleanup can run after its test (Preact runs some after
  // paint, on a timer), when a restored spy would be fakeBrowser's own "not implemented" again.
  for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved]) {
    Object.assign(event, { addListener: () => undefined, removeListener: () => undefined });
  }
}

export interface Registered {
  id: string;
  matches?: string[];
}

/** scripting's content scripts registered at runtime, kept in the map returned (by id). */
export function registeredScripts(): Map<string, Registered> {
  const registered = new Map<string, Registered>();
  const scripting = fakeBrowser.scripting;
  vi.spyOn(scripting, 'getRegisteredContentScripts').mockImplementation(async () => [...registered.values()] as never);
  vi.spyOn(scripting, 'unregisterContentScripts').mockImplementation(async (filter) => {
    for (const id of filter?.ids ?? [...registered.keys()]) registered.delete(id);
  });
  vi.spyOn(scripting, 'registerContentScripts').mockImplementation(async (scripts) => {
    for (const s of scripts) {
      if (registered.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`);
      registered.set(s.id, s);
    }
  });
  return registered;
}
