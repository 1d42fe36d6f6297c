/**
 * The install's secret sketch seed (issue #28, "Forged sketches"). With one seed for every install,
 * anyone can compute which of a page's shingles its MIN_s sketch keeps and build a page of only those
 * (containment 1.00). Each install draws its own 32-bit seed once and keeps it in storage.local under
 * INSTALL_SEED_KEY: never sent anywhere, never synced. Pure: the storage, the random source and the
 * lock are passed in (the background wires the browser's: entrypoints/background/worker/install-seed.ts).
 */

/** The storage.local key the seed lives under. */
export const INSTALL_SEED_KEY = 'sketchSeed';

/**
 * The stored seed when it is one: an integer from 1 to 2^32 − 1. 0 is every install's old shared seed
 * (lib/sketch/options PAGE_OPTIONS, the CLI's default), so it is never an install's: a stored 0 is redrawn.
 */
export function readInstallSeed(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 0xffffffff ? v : undefined;
}

/**
 * The seed a test build (RESEMBLE_TEST_BUILD=1) draws instead of a random one, so that what an e2e test
 * sees never rests on a random draw (issue #37): every test build's install has this seed. A store
 * package never has it (the product draws with crypto.getRandomValues; test/unit/package.test.ts checks).
 */
export const TEST_BUILD_SEED = 0x5eed2b37;

/** `fill` for a test build: TEST_BUILD_SEED in place of a random draw. */
export function fillTestBuildSeed(a: Uint32Array): Uint32Array {
  a.fill(TEST_BUILD_SEED);
  return a;
}

/** A fresh seed from `fill` (crypto.getRandomValues), never 0. */
export function drawInstallSeed(fill: (a: Uint32Array) => Uint32Array): number {
  const a = new Uint32Array(1);
  for (let i = 0; i < 64; i++) {
    const v = fill(a)[0] >>> 0;
    if (v !== 0) return v;
  }
  throw new Error('the random source gives only zeros');
}

export interface SeedDeps {
  /** The stored value under INSTALL_SEED_KEY (undefined when absent). */
  get(): Promise<unknown>;
  set(seed: number): Promise<void>;
  fill(a: Uint32Array): Uint32Array;
  /**
   * Runs `fn` alone among every context that shares the storage (navigator.locks in the extension's
   * origin): two contexts starting together then cannot each store their own seed.
   */
  lock?<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * The install's seed: the stored one, or one drawn, stored and read back (created on first need).
 * Under `lock`, read-then-write is atomic. Without one (no navigator.locks), the value read back after
 * writing is the answer, so a creator that lost a race takes the winner's seed when its read comes after
 * the winner's write; the background also follows later changes of the key (storage.onChanged).
 */
export async function ensureInstallSeed(d: SeedDeps): Promise<number> {
  const create = async (): Promise<number> => {
    const have = readInstallSeed(await d.get());
    if (have !== undefined) return have;
    await d.set(drawInstallSeed((a) => d.fill(a)));
    const back = readInstallSeed(await d.get());
    if (back === undefined) throw new Error('the sketch seed could not be stored');
    return back;
  };
  return d.lock ? d.lock(create) : create();
}
