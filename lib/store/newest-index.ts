/** The part of a key-value area (storage.session) an index needs. */
export interface KeyArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/**
 * Keeps only the newest `max` records of one kind in a small shared area (storage.session holds every
 * tab's state too): an index lists their ids oldest first; adding one drops the oldest past `max`,
 * except those `busy` (a search still running). Each index's updates run one after another: two at
 * once would read the same list and one would lose the other's id, leaving its record for good.
 */
export function newestIndex(area: KeyArea, index: string, keyOf: (id: string) => string, max: number, busy: (id: string) => boolean) {
  let queue: Promise<unknown> = Promise.resolve();
  const add = async (id: string): Promise<string[]> => {
    const got = (await area.get(index))[index];
    const ids = [...(Array.isArray(got) ? got.filter((x): x is string => typeof x === 'string' && x !== id) : []), id];
    const old = ids.slice(0, Math.max(0, ids.length - max)).filter((x) => !busy(x));
    await area.set({ [index]: ids.filter((x) => !old.includes(x)) });
    if (old.length) await area.remove(old.map(keyOf));
    return old;
  };
  /** Adds `id` as the newest; resolves to the ids dropped. */
  return (id: string): Promise<string[]> => {
    const next = queue.then(() => add(id));
    queue = next.catch(() => undefined);
    return next;
  };
}
