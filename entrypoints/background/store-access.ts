import { type SketchStore, createMemoryStore, openIdbStore } from '../../lib/store';
import { readSettings } from './settings-item';

// Opened on first use in each service-worker lifetime: a stopped worker loses only this handle.
let disk: Promise<SketchStore> | undefined;
let memory: SketchStore | undefined;

async function limits() {
  const s = await readSettings();
  return { maxBytes: s.cacheMaxMB * 1024 * 1024, maxAgeDays: s.cacheMaxAgeDays };
}

/** The store for a sender: incognito tabs get one that lives in memory and keeps nothing on disk. */
export async function storeFor(incognito: boolean): Promise<SketchStore> {
  if (incognito) {
    memory ??= createMemoryStore({ limits: await limits() });
    return memory;
  }
  disk ??= limits()
    .then((l) => openIdbStore({ limits: l }))
    .catch((e) => {
      disk = undefined;
      throw e;
    });
  return disk;
}

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
