/**
 * The extension's sketch seed, for expectations computed in Node (issue #28). Each install draws a secret
 * seed (lib/sketch/install-seed.ts), so a page sketched in Node with PAGE_OPTIONS (seed 0) is not what
 * the extension stores. A test build always draws TEST_BUILD_SEED (issue #37), so no verdict rests on a
 * random draw: the fixtures read the running extension's seed before each test (fixtures.ts,
 * `extensionSeed`), check it is that one, and the kits sketch with `nodePageOptions()`: the same sample
 * as the extension's. The shipped build never uses seed 0 nor the test seed.
 */
import { PAGE_OPTIONS, type SketchOptions } from '../../lib/sketch/options';
import { TEST_BUILD_SEED, readInstallSeed } from '../../lib/sketch/install-seed';

let seed: number | undefined;

export function setExtensionSeed(s: number | undefined): void {
  seed = s;
}

/** The extension's seed of the current test (read by the fixtures); throws when none was read. */
export function extensionSeed(): number {
  if (seed === undefined) throw new Error('no extension seed: the `extensionSeed` fixture did not run for this test');
  return seed;
}

/** PAGE_OPTIONS under the extension's seed: a page sketched in Node as the extension sketches it. */
export function nodePageOptions(): SketchOptions {
  return { ...PAGE_OPTIONS, seed: extensionSeed() };
}

/**
 * Polls `read` (storage.local's INSTALL_SEED_KEY as the extension sees it) until it holds a seed, then
 * follows it; throws after `ms`. Chromium's fixtures call it before each test; Firefox specs that sketch
 * in Node call it themselves.
 */
export async function followExtensionSeed(read: () => Promise<unknown>, ms = 10_000, testBuild = true): Promise<number> {
  for (const end = Date.now() + ms; ; ) {
    const s = readInstallSeed(await read().catch(() => undefined));
    if (s !== undefined) {
      if (testBuild && s !== TEST_BUILD_SEED)
        throw new Error(`the extension's sketch seed is ${s}, not a test build's ${TEST_BUILD_SEED}: rebuild with RESEMBLE_TEST_BUILD=1`);
      setExtensionSeed(s);
      return s;
    }
    if (Date.now() > end) throw new Error(`the extension made no sketch seed in storage.local within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
