/**
 * The install's secret sketch seed, wired to the browser (the logic: lib/sketch/install-seed.ts). Kept
 * in storage.local (never storage.sync: it is this install's secret, and nothing sends it anywhere),
 * created on first need, the same in private windows (it is not user data). Cached for this background's
 * lifetime; a change of the key (storage cleared, another context's write) is followed at once.
 */
import { browser } from 'wxt/browser';
import { INSTALL_SEED_KEY, ensureInstallSeed, fillTestBuildSeed, readInstallSeed } from '../../../lib/sketch/install-seed';

declare const __RESEMBLE_TEST_BUILD__: boolean;

let cached: Promise<number> | undefined;
let watching = false;

type Locks = { request<T>(name: string, cb: () => Promise<T>): Promise<T> };

function locks(): Locks | undefined {
  return (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
}

function watch(): void {
  if (watching) return;
  watching = true;
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local' || !(INSTALL_SEED_KEY in changes)) return;
    const now = readInstallSeed(changes[INSTALL_SEED_KEY]?.newValue);
    // A valid new value is taken as is; a removed or broken one is made anew on next need.
    cached = now === undefined ? undefined : Promise.resolve(now);
  });
}

/** The install's seed, made once per install (race-safe across the extension's contexts). */
export function installSeed(): Promise<number> {
  watch();
  if (cached) return cached;
  const l = locks();
  const p = ensureInstallSeed({
    get: async () => (await browser.storage.local.get(INSTALL_SEED_KEY))[INSTALL_SEED_KEY],
    set: (seed) => browser.storage.local.set({ [INSTALL_SEED_KEY]: seed }),
    // A test build draws the one fixed test seed: no e2e verdict may rest on a random draw.
    fill: (a) => (__RESEMBLE_TEST_BUILD__ ? fillTestBuildSeed(a) : crypto.getRandomValues(a)),
    ...(l ? { lock: <T>(fn: () => Promise<T>) => l.request('resemble-sketch-seed', fn) } : {}),
  });
  cached = p;
  // A failed read is not cached: the next sketch tries again.
  p.catch(() => {
    if (cached === p) cached = undefined;
  });
  return p;
}
