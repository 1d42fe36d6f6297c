/**
 * `idb` recognizes IndexedDB objects with `instanceof IDBRequest`, `IDBDatabase`, … against the global
 * classes (it has no option for another implementation: jakearchibald/idb#259). Node has none, so
 * tests install fake-indexeddb's classes. Never a global `indexedDB`: each test passes its own
 * `new IDBFactory()`, so no state is shared between tests and a store that reached for the global
 * factory would fail.
 */
import {
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction,
  IDBVersionChangeEvent,
} from 'fake-indexeddb';

const classes = {
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction,
  IDBVersionChangeEvent,
};
for (const [name, value] of Object.entries(classes)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

export { IDBFactory, IDBObjectStore as FakeIDBObjectStore } from 'fake-indexeddb';

/** Raw IndexedDB request as a promise (for tests that reach under the store). */
export function req<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** Opens a raw connection (no version: the current one) on `factory`, runs `fn` in a read-write transaction over `stores`, closes. */
export async function rawWrite(factory: IDBFactory, name: string, stores: string[], fn: (tx: IDBTransaction) => Promise<void> | void): Promise<void> {
  const db = await req(factory.open(name));
  try {
    const tx = db.transaction(stores, 'readwrite');
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
    await fn(tx);
    await done;
  } finally {
    db.close();
  }
}
