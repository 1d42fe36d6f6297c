import { type SketchStore, createMemoryStore, openIdbStore } from '../../../lib/store';
import { readSettings } from '../../../shared/settings';
import { installSeed } from './install-seed';

// Opened on first use in each service-worker lifetime: a stopped worker loses only this handle.
let disk: Promise<SketchStore> | undefined;
let memory: SketchStore | undefined;

async function limits() {
  const s = await readSettings();
  return { maxBytes: s.cacheMaxMB * 1024 * 1024, maxAgeDays: s.cacheMaxAgeDays };
}

/** The store for a sender: incognito tabs get one that lives in memory and keeps nothing on disk. */
export async function storeFor(incognito: boolean): Promise<SketchStore> {
  // The install's seed (issue #28), told again on every use: sketches stored under another read as absent.
  const seed = await installSeed().catch(() => undefined);
  if (incognito) {
    memory ??= createMemoryStore({ limits: { ...(await limits()), versions: 0 }, seed }); // a private window's pages keep no history (issue #40)
    if (seed !== undefined) memory.setSeed(seed);
    return memory;
  }
  disk ??= limits()
    .then((l) => openIdbStore({ limits: l, seed }))
    .catch((e) => {
      disk = undefined;
      throw e;
    });
  const store = await disk;
  if (seed !== undefined) store.setSeed(seed);
  return store;
}

/**
 * The last private window closed (issue #28): its pages' store goes with it. Work still running for a
 * closed private tab keeps the old store object and writes only to it; the next private tab gets a new one.
 */
export async function dropMemoryStore(): Promise<boolean> {
  const old = memory;
  memory = undefined;
  // Emptied too: a check still running for a closed tab holds it, and its pages must not outlive the window.
  await old?.clear().catch(() => 0);
  return old !== undefined;
}

/** The private windows' store if one is open now (tests), without making one. */
export const memoryStore = (): SketchStore | undefined => memory;

/** Applies changed cache limits to open stores. */
export async function applyLimits(): Promise<void> {
  const l = await limits();
  if (disk) (await disk).setLimits(l);
  memory?.setLimits(l);
  await evictOld();
}

/** Drops entries past the age limit, then the oldest past the size cap. */
export async function evictOld(): Promise<number> {
  try {
    return await (await storeFor(false)).evict();
  } catch {
    return 0; // a cache: a failed clean-up costs space, not data
  }
}
