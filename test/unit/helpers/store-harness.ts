import { urlId } from '../../../lib/store/compact';
import './idb-classes';
import { IDBFactory, rawWrite, req } from './idb-classes';
import { IdbBackend, MemoryBackend, createSketchStore, type SketchStore, type StoreBackend, type StoreLimits } from '../../../lib/store/index';

/** Counts what a backend is asked and answers, and can fail the next writes (fault injection). */
export interface Probe {
  /** Keys looked up through the candidate index, and records it answered (each once per query). */
  keysLookedUp: number;
  candidatesReturned: number;
  /** Errors to throw from the next upsertPage calls, one per call. */
  failUpserts: unknown[];
}

function probed(b: StoreBackend, probe: Probe): StoreBackend {
  return new Proxy(b, {
    get(target, prop, receiver) {
      if (prop === 'candidates') {
        return async (keys: ArrayLike<number>) => {
          probe.keysLookedUp += keys.length;
          const out = await target.candidates(keys);
          probe.candidatesReturned += out.length;
          return out;
        };
      }
      if (prop === 'upsertPage') {
        return (...args: Parameters<StoreBackend['upsertPage']>) => {
          if (probe.failUpserts.length) return Promise.reject(probe.failUpserts.shift());
          return target.upsertPage(...args);
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

export interface Harness {
  store: SketchStore;
  probe: Probe;
  /** Changes the stored value at `url` under the store, as damage on disk would. */
  tamper(url: string, fn: (rec: Record<string, unknown>) => void): Promise<void>;
}

export interface Kind {
  kind: 'indexeddb' | 'memory';
  open(limits?: Partial<StoreLimits>): Promise<Harness>;
}

const NAME = 'resemble-test';

export const KINDS: Kind[] = [
  {
    kind: 'indexeddb',
    async open(limits) {
      const factory = new IDBFactory();
      const backend = new IdbBackend(factory, NAME);
      await backend.open();
      const probe: Probe = { keysLookedUp: 0, candidatesReturned: 0, failUpserts: [] };
      return {
        store: createSketchStore(probed(backend, probe), limits),
        probe,
        tamper: (url, fn) =>
          rawWrite(factory, NAME, ['pages'], async (tx) => {
            const pages = tx.objectStore('pages');
            const rec = (await req(pages.get(urlId(url)))) as Record<string, unknown>;
            fn(rec);
            await req(pages.put(rec));
          }),
      };
    },
  },
  {
    kind: 'memory',
    async open(limits) {
      const backend = new MemoryBackend();
      const probe: Probe = { keysLookedUp: 0, candidatesReturned: 0, failUpserts: [] };
      return {
        store: createSketchStore(probed(backend, probe), limits),
        probe,
        tamper: async (url, fn) => fn(backend.pages.get(url) as Record<string, unknown>),
      };
    },
  },
];
