/**
 * "Add a search engine" (issue #27, item 5): the settings' addedEngines (checks, migration), the
 * engine an address gives (engineFromUrl), the export / import file check, the content script's match
 * pattern, the popup's name, and the made-up engine the e2e spec adds read and grouped by lib.
 */
import { describe, expect, it } from 'vitest';
import {
  type AddedEngine,
  MAX_ADDED_ENGINES,
  addedHostProblem,
  addedMatch,
  engineFromUrl,
  exportAddedEngines,
  importAddedEngines,
} from '../../lib/engines/added';
import { extract } from '../../lib/engines/extract';
import { engineName } from '../../lib/engines/names';
import { groupResults } from '../../lib/group/results';
import { LIMITS } from '../../lib/limits';
import { MESSAGES } from '../../lib/messages';
import { check } from '../../lib/validate';
import { DEFAULT_SETTINGS, checkSettingsPatch, migrateSettings } from '../../lib/settings';
import { ADDED_HOST, ADDED_PARAM, ADDED_PATH, ADDED_QUERY, ADDED_RESULTS, ADDED_URL, addedEnginePage } from '../e2e/added-engine-page';
import { parseSerp } from './helpers/serp';

const engine = (host: string, extra: Partial<AddedEngine> = {}): AddedEngine => ({ host, path: '/search', param: 'q', name: host, ...extra });

describe('settings: addedEngines', () => {
  it('defaults to none; a valid list passes the patch check', () => {
    expect(DEFAULT_SETTINGS.addedEngines).toEqual([]);
    expect(
      checkSettingsPatch({ addedEngines: [engine('search.example.com'), engine('find.example.org', { path: '/', param: 'term', name: 'Find' })] }).ok,
    ).toBe(true);
  });

  it.each([
    ['an address', engine('192.168.1.10')],
    ['a single-label name', engine('intranet')],
    ['localhost', engine('localhost')],
    ['a local-network name', engine('nas.local')],
    ['a port', engine('search.example.com:8080')],
    ['capitals', engine('Search.Example.com')],
    ['a scheme', engine('https://search.example.com')],
    ['a wildcard', engine('*.example.com')],
    ['a path without /', engine('search.example.com', { path: 'search' })],
    ['a path with a wildcard', engine('search.example.com', { path: '/s*' })],
    ['an empty parameter', engine('search.example.com', { param: '' })],
    ['a blank parameter', engine('search.example.com', { param: '  ' })],
    ['a name over 60 characters', engine('search.example.com', { name: 'n'.repeat(61) })],
    ['an unknown field', { ...engine('search.example.com'), icon: 'x' }],
  ])('refuses %s', (_what, bad) => {
    expect(checkSettingsPatch({ addedEngines: [bad] }).ok).toBe(false);
  });

  it('holds at most 50 engines, one per host', () => {
    const many = Array.from({ length: MAX_ADDED_ENGINES + 1 }, (_, i) => engine(`s${i}.example.com`));
    expect(checkSettingsPatch({ addedEngines: many.slice(0, MAX_ADDED_ENGINES) }).ok).toBe(true);
    expect(checkSettingsPatch({ addedEngines: many }).ok).toBe(false);
    expect(checkSettingsPatch({ addedEngines: [engine('a.example.com'), engine('a.example.com', { name: 'again' })] }).ok).toBe(false);
  });

  it('a stored list keeps its usable entries: one bad or repeated entry costs itself only', () => {
    const s = migrateSettings({
      version: 1,
      addedEngines: [
        engine('a.example.com'),
        engine('localhost'),
        { host: 'b.example.com' },
        engine('a.example.com', { name: 'dup' }),
        engine('c.example.com'),
      ],
    });
    expect(s.addedEngines.map((a) => a.host)).toEqual(['a.example.com', 'c.example.com']);
    expect(migrateSettings({ version: 1, addedEngines: 'nonsense' }).addedEngines).toEqual([]);
    // No engines entry: an added engine is on.
    expect(Object.keys(migrateSettings({}).engines).some((k) => k.startsWith('added:'))).toBe(false);
  });

  it('the host check: public names only', () => {
    expect(addedHostProblem('search.example-engine.test')).toBeUndefined();
    expect(addedHostProblem('xn--bcher-kva.example')).toBeUndefined();
    for (const h of ['10.0.0.1', 'router', 'my.home.arpa', 'box.lan', 'x.internal', '-a.example', 'a..example']) expect(addedHostProblem(h), h).toBeDefined();
  });
});

describe('engineFromUrl', () => {
  it('takes the host, path and query parameter from a results page address', () => {
    expect(engineFromUrl(ADDED_URL)).toEqual({ host: ADDED_HOST, path: ADDED_PATH, param: ADDED_PARAM, name: ADDED_HOST });
    expect(engineFromUrl('https://www.Mojeek.com/search?q=glacier&fmt=1')).toEqual({ host: 'www.mojeek.com', path: '/search', param: 'q', name: 'mojeek.com' });
    expect(engineFromUrl('  https://search.example.org/?lang=en&query=ice  ')).toMatchObject({ path: '/', param: 'query' });
  });

  it('the parameter holding the query wins when the query is known; else the usual names, else the first with a value', () => {
    expect(engineFromUrl('https://s.example.org/r?lang=en&k=ice+age', 'ice age')?.param).toBe('k');
    expect(engineFromUrl('https://s.example.org/r?lang=en&zz=ice')?.param).toBe('lang');
    expect(engineFromUrl('https://s.example.org/r?lang=&zz=ice')?.param).toBe('zz');
  });

  it('no engine from an address that is not a results page', () => {
    for (const u of ['', 'not a url', 'ftp://s.example.org/r?q=x', 'https://s.example.org/r', 'https://s.example.org/r?q=', 'https://localhost/s?q=x'])
      expect(engineFromUrl(u), u).toBeUndefined();
  });
});

describe('export and import', () => {
  const mine = [engine('a.example.com', { name: 'A' }), engine('b.example.org', { path: '/find', param: 'term', name: 'B' })];

  it('an export imports back whole (into an empty list), and adds nothing twice', () => {
    const file = exportAddedEngines(mine);
    expect(JSON.parse(file)).toMatchObject({ kind: 'resemble-added-engines', version: 1, engines: mine });
    const r = importAddedEngines(file, []);
    expect(r).toEqual({ ok: true, engines: mine, added: mine, skipped: [] });
    const again = importAddedEngines(file, mine);
    expect(again).toMatchObject({ ok: false, code: 'none' });
    expect(again.skipped.map((s) => s.code)).toEqual(['present', 'present']);
  });

  it('bad entries are reported and skipped; the usable ones are added after the existing', () => {
    const text = JSON.stringify([
      engine('c.example.net'),
      { host: 'localhost', path: '/', param: 'q', name: 'local' },
      'just a string',
      { host: 'HTTPS://D.Example.net/', path: '/s', param: 'q' },
      engine('c.example.net', { name: 'twice' }),
      engine('a.example.com'),
      { host: 'e.example.net', path: 'nope', param: 'q', name: 'E' },
    ]);
    const r = importAddedEngines(text, mine);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.added).toEqual([engine('c.example.net'), { host: 'd.example.net', path: '/s', param: 'q', name: 'd.example.net' }]);
    expect(r.engines.map((e) => e.host)).toEqual(['a.example.com', 'b.example.org', 'c.example.net', 'd.example.net']);
    expect(r.skipped.map((s) => [s.entry, s.code])).toEqual([
      [2, 'invalid'],
      [3, 'invalid'],
      [5, 'duplicate'],
      [6, 'present'],
      [7, 'invalid'],
    ]);
    expect(r.skipped[0]).toMatchObject({ host: 'localhost' });
  });

  it("a built-in engine's host is skipped when the caller says which hosts are built in", () => {
    const text = JSON.stringify([{ host: 'www.google.com', path: '/search', param: 'q', name: 'G' }, engine('f.example.net')]);
    const r = importAddedEngines(text, mine, (host) => host === 'www.google.com');
    expect(r).toMatchObject({ ok: true, added: [engine('f.example.net')], skipped: [{ entry: 1, code: 'builtin' }] });
  });

  it('a file with nothing usable changes nothing (refused whole)', () => {
    expect(importAddedEngines('{not json', mine)).toMatchObject({ ok: false, code: 'json' });
    expect(importAddedEngines('{"kind":"something else"}', mine)).toMatchObject({ ok: false, code: 'shape' });
    expect(importAddedEngines('[]', mine)).toMatchObject({ ok: false, code: 'none', skipped: [] });
    expect(importAddedEngines(JSON.stringify([{ host: '10.0.0.1', path: '/', param: 'q', name: 'x' }]), mine)).toMatchObject({
      ok: false,
      code: 'none',
      skipped: [{ entry: 1, code: 'invalid' }],
    });
  });

  it('the list stays within 50: the rest is reported', () => {
    const full = Array.from({ length: MAX_ADDED_ENGINES - 1 }, (_, i) => engine(`s${i}.example.com`));
    const r = importAddedEngines(JSON.stringify([engine('x.example.com'), engine('y.example.com')]), full);
    expect(r.ok && r.engines.length).toBe(MAX_ADDED_ENGINES);
    expect(r.skipped).toMatchObject([{ entry: 2, code: 'full' }]);
    // What an import makes passes the settings' check.
    expect(r.ok && checkSettingsPatch({ addedEngines: r.engines }).ok).toBe(true);
  });
});

describe('the content script, the background and the popup', () => {
  it("the match pattern: the engine's results pages on https", () => {
    expect(addedMatch(engine('s.example.com', { path: '/find' }))).toBe('https://s.example.com/find*');
    expect(addedMatch(engine('s.example.com', { path: '/find/' }))).toBe('https://s.example.com/find*');
    expect(addedMatch(engine('s.example.com', { path: '/' }))).toBe('https://s.example.com/*');
  });

  it("page/results takes an added engine's id, even of the longest host", () => {
    const host = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.example`.slice(0, 253);
    expect(`added:${host}`.length).toBeLessThanOrEqual(LIMITS.engine);
    expect(check(MESSAGES['page/results'].payload, { engine: `added:${host}`, url: ADDED_URL, query: 'q', results: [] }).ok).toBe(true);
  });

  it('the popup names an added engine by the name it was given, else its host', () => {
    expect(engineName('added:s.example.com', [engine('s.example.com', { name: 'My search' })])).toBe('My search');
    expect(engineName('added:s.example.com')).toBe('s.example.com');
    expect(engineName('google')).toBe('Google');
  });

  it('the e2e page: read by structure as the added engine, its two near-copies grouped', () => {
    const added = [{ host: ADDED_HOST, path: ADDED_PATH, param: ADDED_PARAM, name: 'Example Engine' }];
    const doc = parseSerp(addedEnginePage());
    expect(extract(doc, ADDED_URL), 'no definition reads it').toBeUndefined();
    const x = extract(doc, ADDED_URL, { addedEngines: added })!;
    expect(x).toMatchObject({ engine: `added:${ADDED_HOST}`, query: ADDED_QUERY });
    expect(x.results.map((r) => r.url)).toEqual(ADDED_RESULTS.map((r) => r.url));
    expect(x.results.map((r) => r.title)).toEqual(ADDED_RESULTS.map((r) => r.title));
    expect(x.results[1]!.snippet).toBe(ADDED_RESULTS[1]!.snippet);
    const { groups } = groupResults(
      x.results.map((r, i) => ({ ...r, rank: i + 1 })),
      { threshold: DEFAULT_SETTINGS.resemblanceThreshold },
    );
    expect(groups.map((g) => [g.representative, ...g.members.map((m) => m.rank)])).toEqual([[2, 5]]);
    // Another page of the host (images) is not the engine's.
    expect(extract(doc, `https://${ADDED_HOST}/images?term=x`, { addedEngines: added })).toBeUndefined();
  });
});
