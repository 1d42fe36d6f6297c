import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { ENGINE_HEADS } from '../../lib/engines/heads';
import { ENGINE_NAMES } from '../../lib/engines/names';
import { ENGINES } from '../../lib/engines/table';
import { ENGINE_IDS } from '../../lib/settings';

const selectorsOf = (e: (typeof ENGINES)[number]) =>
  e.variants.flatMap((v) =>
    [v.detect, v.result, v.rootClosest, v.link, v.title, ...v.snippet, ...(v.displayUrl ?? []), ...(v.exclude ?? [])].filter((s): s is string => !!s),
  );

describe('the engine table', () => {
  it('names each engine as the pages do (lib/engines/names.ts)', () => {
    expect(Object.fromEntries(ENGINES.map((e) => [e.id, e.name]))).toEqual(ENGINE_NAMES);
  });

  it('has one entry per engine id the settings know, each with markup variants', () => {
    expect(ENGINES.map((e) => e.id).sort()).toEqual([...ENGINE_IDS].sort());
    for (const e of ENGINES) expect(e.variants.length, e.id).toBeGreaterThan(0);
  });

  it("each head (lib/engines/heads.ts) is its spec's, and the heads module imports nothing (pages that name engines load no selectors)", () => {
    for (const h of ENGINE_HEADS) expect(ENGINES.find((e) => e.id === h.id)).toMatchObject(h);
    const src = readFileSync(new URL('../../lib/engines/heads.ts', import.meta.url), 'utf8');
    expect(src).not.toMatch(/^\s*import\b|\bimport\(|\brequire\(/m);
  });

  it('every selector parses, and none needs :has() (Firefox before 121 throws on it)', () => {
    const { document } = parseHTML('<html><body><div></div></body></html>');
    for (const e of ENGINES) {
      for (const sel of selectorsOf(e)) {
        expect(sel, `${e.id}: ${sel}`).not.toMatch(/:has\(/);
        expect(() => document.querySelectorAll(sel), `${e.id}: ${sel}`).not.toThrow();
      }
    }
  });

  it('built-in engines declare content-script matches for their results pages; SearXNG is added at runtime', () => {
    for (const e of ENGINES) {
      if (e.id === 'searxng') expect(e.matches).toEqual([]);
      else expect(e.matches.length, e.id).toBeGreaterThan(0);
      for (const m of e.matches) expect(m, e.id).toMatch(/^https:\/\/[a-z0-9.*-]+\/[^\s]*$/);
    }
  });
});
