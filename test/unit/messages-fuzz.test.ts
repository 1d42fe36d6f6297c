import { describe, expect, it } from 'vitest';
import { MESSAGES, type MessageType, route } from '../../lib/messages';
import { checkPageGroups } from '../../lib/tab/page-groups';
import { DEFAULT_SETTINGS, checkSettingsPatch } from '../../lib/settings';
import { check } from '../../lib/validate';
import { parseWorkerRequest, parseWorkerResponse } from '../../lib/worker/protocol';

/**
 * Every checker of what crosses a context boundary, fed thousands of random shapes from a fixed seed
 * (so a failure reproduces): none throws, none lets a key through that its shape does not name, none
 * reads a value off the prototype chain, and what one accepts it accepts again.
 */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = [
  'type',
  'payload',
  'url',
  'rank',
  'title',
  'snippet',
  'displayUrl',
  'results',
  'engine',
  'query',
  'append',
  'tabId',
  'again',
  'op',
  'id',
  'items',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'mode',
  'threshold',
  'groups',
  'members',
  'reason',
  'kind',
];
const STRINGS = [
  '',
  'a',
  'https://example.org/',
  'x'.repeat(5001),
  'page/results',
  '__proto__',
  'javascript:alert(1)',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '🙂',
];
const NUMBERS = [0, 1, -1, 1.5, 1000, 1001, 10_000, Number.NaN, Infinity, -Infinity, 2 ** 53, -0];

function value(r: () => number, depth: number): unknown {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  switch (Math.floor(r() * (depth > 3 ? 6 : 9))) {
    case 0:
      return pick(STRINGS);
    case 1:
      return pick(NUMBERS);
    case 2:
      return r() < 0.5;
    case 3:
      return null;
    case 4:
      return undefined;
    case 5:
      return new Uint8Array(Math.floor(r() * 4));
    case 6:
      return Array.from({ length: Math.floor(r() * 4) }, () => value(r, depth + 1));
    case 7: {
      // JSON.parse makes `__proto__` an own key, as a structured-clone message would.
      const o = JSON.parse('{}') as Record<string, unknown>;
      for (let i = Math.floor(r() * 5); i > 0; i--)
        Object.defineProperty(o, pick(KEYS), { value: value(r, depth + 1), enumerable: true, configurable: true, writable: true });
      return o;
    }
    default:
      return JSON.parse(`{"__proto__": {"polluted": true}, "kind": ${JSON.stringify(pick(['snippet', 'page', 'constructor', 'toString']))}}`);
  }
}

/** A random payload, or a valid one with one field broken or one key added. */
function payloadFor(type: MessageType, r: () => number): unknown {
  const valid: Record<MessageType, unknown> = {
    'page/results': {
      engine: 'google',
      url: 'https://www.google.com/search?q=a',
      query: 'a',
      results: [{ rank: 1, url: 'https://a.example/', title: 't', snippet: 's', displayUrl: 'a.example' }],
    },
    'page/groups': {},
    'settings/get': {},
    'settings/set': { resemblanceThreshold: 0.5 },
    'engines/here': {},
    'engines/accept': { kind: 'added', host: 'search.example.com' },
    'cache/usage': {},
    'cache/clear': {},
    'tab/state': { tabId: 3 },
    'tab/check': { tabId: 3 },
    'lost/find': { url: 'https://a.example/' },
    'lost/open': { rank: 2 },
    'preview/last': {},
    'page/not-a-copy': { rank: 2, of: 1 },
    'page/same-as': { url: 'https://www.google.com/search?q=x', ranks: [1, 3] },
    'tab/not-a-copy': { tabId: 3, rank: 2, of: 1 },
    'not-a-copy/list': {},
    'not-a-copy/undo': { a: 'https://a.example/', b: 'https://b.example/' },
    'copycat/state': {},
    'copycat/verdict': { site: 'a.example', verdict: 'marked' },
    'copycat/import': { name: 'list', text: 'a.example\n' },
    'copycat/forget-list': { name: 'list' },
    'copycat/site': { site: 'a.example' },
    'subs/list': {},
    'subs/add': { url: 'https://lists.example/copycats.txt', name: 'list', hours: 24 },
    'subs/edit': { url: 'https://lists.example/copycats.txt', hours: 6 },
    'subs/remove': { url: 'https://lists.example/copycats.txt' },
    'subs/update': { url: 'https://lists.example/copycats.txt' },
    'subs/accept': { url: 'https://lists.example/copycats.txt' },
    'sync/status': {},
    'sync/set': { on: false },
    'copies/start': { tabId: 3 },
    'copies/get': { id: 'run-1' },
    'copies/cancel': { id: 'run-1' },
  };
  const base = structuredClone(valid[type]) as Record<string, unknown>;
  const roll = r();
  if (roll < 0.3) return value(r, 0);
  if (roll < 0.4) return base;
  const keys = Object.keys(base);
  const key = r() < 0.5 && keys.length ? keys[Math.floor(r() * keys.length)] : KEYS[Math.floor(r() * KEYS.length)];
  Object.defineProperty(base, key, { value: value(r, 1), enumerable: true, configurable: true, writable: true });
  return base;
}

const SETTING_KEYS = new Set(Object.keys(DEFAULT_SETTINGS));
const ownKeysWithin = (v: unknown, allowed: Set<string>) => typeof v !== 'object' || v === null || Object.keys(v).every((k) => allowed.has(k));

describe('fuzz: message checkers never throw, never accept what their shape does not name', () => {
  const types = Object.keys(MESSAGES) as MessageType[];

  it('every payload checker, 20,000 random and broken payloads (seed 13)', () => {
    const r = rng(13);
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const type = types[i % types.length];
      const p = payloadFor(type, r);
      const got = check(MESSAGES[type].payload, p);
      if (!got.ok) {
        expect(got.errors.length).toBeGreaterThan(0);
        continue;
      }
      accepted++;
      // Accepted once, accepted again: the checked value is its own fixed point.
      expect(check(MESSAGES[type].payload, got.value).ok, `${type} ${JSON.stringify(p)}`).toBe(true);
      expect(Object.getPrototypeOf(got.value ?? {}), 'a plain object, never one with a planted prototype').toBe(Object.prototype);
      const inherited = Object.keys(got.value as object).filter((k) => !Object.hasOwn(p as object, k));
      expect(inherited, `${type}: keys read off the prototype chain`).toEqual([]);
    }
    expect(accepted, 'some payloads must pass, or the fuzzer tests nothing').toBeGreaterThan(1000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('`constructor`, `__proto__` and `toString` are unknown keys, not known ones', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const p = JSON.parse(`{"tabId": 1, ${JSON.stringify(key)}: 1}`);
      expect(check(MESSAGES['tab/state'].payload, p).ok, key).toBe(false);
    }
    // A required key present only on the prototype is missing.
    const inherits = Object.create({ tabId: 1 });
    expect(check(MESSAGES['tab/state'].payload, inherits).ok).toBe(false);
  });

  it('route() answers every random message with a reply and runs a handler only on a checked payload (10,000, seed 7)', async () => {
    const r = rng(7);
    const ext = { id: 'ext', origin: 'chrome-extension://ext' };
    const senders = [
      { id: 'ext', url: 'chrome-extension://ext/popup.html' },
      { id: 'ext', url: 'https://www.google.com/', tab: { id: 4 } },
      { id: 'other', tab: { id: 4 } },
      {},
    ];
    const handled: unknown[] = [];
    const handlers = Object.fromEntries(
      types.map((t) => [
        t,
        (p: unknown) => {
          handled.push([t, p]);
          return null;
        },
      ]),
    );
    for (let i = 0; i < 10_000; i++) {
      const type = r() < 0.8 ? types[Math.floor(r() * types.length)] : value(r, 2);
      const msg =
        r() < 0.1
          ? value(r, 0)
          : { type, payload: typeof type === 'string' && Object.hasOwn(MESSAGES, type) ? payloadFor(type as MessageType, r) : value(r, 1) };
      const before = handled.length;
      const reply = await route(msg, senders[Math.floor(r() * senders.length)], ext, handlers as never);
      expect(typeof reply.ok).toBe('boolean');
      if (handled.length > before) {
        const [t, p] = handled.at(-1) as [MessageType, unknown];
        expect(check(MESSAGES[t].payload, p).ok).toBe(true);
      }
    }
  });

  it('the page’s groups, settings patches and the Worker protocol: 10,000 random values each, no throw (seed 21)', () => {
    const r = rng(21);
    for (let i = 0; i < 10_000; i++) {
      const v = value(r, 0);
      expect(() => checkPageGroups(v)).not.toThrow();
      expect(() => checkSettingsPatch(v)).not.toThrow();
      expect(() => parseWorkerRequest(v)).not.toThrow();
      expect(() => parseWorkerResponse(v, 'sketch', 1)).not.toThrow();
      const s = checkSettingsPatch(v);
      if (s.ok) expect(ownKeysWithin(s.value, SETTING_KEYS), JSON.stringify(v)).toBe(true);
    }
  });
});
