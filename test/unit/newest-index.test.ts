/** lib/store/newest-index: lost and found's reports and copies runs kept in storage.session, the newest only. */
import { describe, expect, it } from 'vitest';
import { type KeyArea, newestIndex } from '../../lib/store/newest-index';

function area(): KeyArea & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return {
    data,
    async get(key) {
      await tick();
      return data.has(key) ? { [key]: data.get(key) } : {};
    },
    async set(items) {
      await tick();
      for (const [k, v] of Object.entries(items)) data.set(k, v);
    },
    async remove(keys) {
      for (const k of keys) data.delete(k);
    },
  };
}

const key = (id: string) => `lost:${id}`;

describe('newest index', () => {
  it('keeps the newest records, drops the oldest with their index entries, and never one still busy', async () => {
    const a = area();
    const busy = new Set(['u1']);
    const add = newestIndex(a, 'lost:index', key, 2, (id) => busy.has(id));
    for (const id of ['u1', 'u2', 'u3', 'u4']) a.data.set(key(id), { id });
    expect(await add('u1')).toEqual([]);
    expect(await add('u2')).toEqual([]);
    expect(await add('u3')).toEqual([]); // u1 is past the two newest but still running
    expect(a.data.get('lost:index')).toEqual(['u1', 'u2', 'u3']);
    busy.clear();
    expect(await add('u4')).toEqual(['u1', 'u2']);
    expect(a.data.get('lost:index')).toEqual(['u3', 'u4']);
    expect([...a.data.keys()].sort()).toEqual(['lost:index', 'lost:u3', 'lost:u4']);
  });

  it('an id added again becomes the newest, not a second entry', async () => {
    const a = area();
    const add = newestIndex(a, 'i', key, 3, () => false);
    for (const id of ['a', 'b', 'a']) await add(id);
    expect(a.data.get('i')).toEqual(['b', 'a']);
  });

  it('adds at once are not lost to each other (each reads what the last wrote)', async () => {
    const a = area();
    const add = newestIndex(a, 'i', key, 50, () => false);
    await Promise.all(Array.from({ length: 10 }, (_, n) => add(`r${n}`)));
    expect(a.data.get('i')).toEqual(Array.from({ length: 10 }, (_, n) => `r${n}`));
  });

  it('reads a damaged index as empty', async () => {
    const a = area();
    a.data.set('i', 'not a list');
    await newestIndex(a, 'i', key, 2, () => false)('x');
    expect(a.data.get('i')).toEqual(['x']);
  });
});
