/**
 * Issue #41: the results page's content script in two. results.content.ts (document_start) holds what
 * the first paint needs; results-later.content.ts (document_end) brings the rest through a global both
 * share (entrypoints/results/later.ts). These hold the meeting in either order, the tips that wait for
 * the later script, what each script's imports reach (checked on the sources, as lib-imports does), and
 * the build's stand-ins for modules the content scripts never run (scripts/vite-content-no-entities.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOOR, type LaterParts, handOver, laterParts } from '../../entrypoints/results/later';
import { type TipMaker, tipsBy, withTip } from '../../entrypoints/results/page-ui';
import * as noMarkup from '../../entrypoints/results/no-markup';
import { CONTENT_SCRIPT_SHIMS, shimOf } from '../../scripts/vite-content-no-entities';
import * as htmlToText from '../../lib/text/html-to-text';
import * as markup from '../../lib/text/markup';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const parts = (name: string) => ({ name }) as unknown as LaterParts;

describe('the two scripts meet (results/later.ts)', () => {
  afterEach(() => void delete (globalThis as Record<symbol, unknown>)[DOOR]);

  it('the first waits for the second, which runs later (the manifest: document_start, then document_end)', async () => {
    const waiting = laterParts();
    const p = parts('later');
    handOver(p);
    await expect(waiting).resolves.toBe(p);
  });

  it('the second may come first (a runtime registration runs both at once; Firefox awaits the root element)', async () => {
    const p = parts('early');
    handOver(p);
    await expect(laterParts()).resolves.toBe(p);
  });
});

describe('tips wait for the later script (page-ui.ts)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a control made before the maker came gets its tip when it comes, unless it left the page meanwhile', () => {
    const { document } = parseHTML('<!doctype html><html><head></head><body><div id="c"></div></body></html>');
    vi.stubGlobal('document', document);
    const c = document.getElementById('c') as unknown as HTMLElement;
    const kept = document.createElement('span');
    const gone = document.createElement('span');
    withTip(c, kept, 'why it is a copy');
    withTip(c, gone, 'an older apply');
    gone.parentElement!.remove();
    const made: string[] = [];
    const maker: TipMaker = (wrap, control, tip) => void made.push(`${wrap.className}:${control === kept}:${String(tip)}`);
    tipsBy(maker);
    expect(made).toEqual(['wrap:true:why it is a copy']);
    // From then on, at once.
    withTip(c, document.createElement('button'), { reason: { kind: 'snippet', resemblance: 0.9 }, of: 1 });
    expect(made).toHaveLength(2);
  });
});

/** Every local module a file reaches through imports that stay in a bundle (type-only imports vanish). */
function reach(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"]*?from\s*['"]([^'"]+)['"]/g)) {
      if (m[2] || !m[3].startsWith('.')) continue;
      const base = resolve(dirname(file), m[3]);
      const local = [`${base}.ts`, `${base}.tsx`, base].find((p) => statSync(p, { throwIfNoEntry: false })?.isFile());
      if (local) walk(local);
    }
  };
  walk(join(ROOT, entry));
  return new Set([...seen].map((f) => relative(ROOT, f)));
}

describe('what each script carries', () => {
  const first = reach('entrypoints/results.content.ts');
  const later = reach('entrypoints/results-later.content.ts');

  it('the first carries none of what the later one brings (the conversation, tips, checked pages’ marks)', () => {
    const moved = [
      'entrypoints/results/questions.ts',
      'entrypoints/results/ask.ts',
      'lib/messages-tab.ts',
      'lib/messages.ts',
      'entrypoints/results/tip.ts',
      'entrypoints/results/tip-taps.ts',
      'entrypoints/results/dead-ui.ts',
      'entrypoints/results/change-marks.ts',
      'entrypoints/results/checking-indicator.ts',
      'lib/lost/live-copy.ts',
    ];
    expect(first.size).toBeGreaterThan(20);
    expect(moved.filter((f) => first.has(f))).toEqual([]);
    expect(moved.filter((f) => !later.has(f) && f !== 'lib/messages.ts')).toEqual([]);
  });

  it('the later one carries no engine table, no definitions and no extractor; the structural reader is its alone (issue #41)', () => {
    const definitions = /^lib\/(engines\/(table|extract|extract-core|specs\/)|group\/results|sketch\/)/;
    expect([...later].filter((f) => definitions.test(f))).toEqual([]);
    expect([...first].filter((f) => definitions.test(f)).length).toBeGreaterThan(5);
    // A page its definition reads never needs the structural reader: the first script waits for it only otherwise.
    expect(later.has('lib/engines/structure.ts')).toBe(true);
    expect(first.has('lib/engines/structure.ts')).toBe(false);
  });
});

describe('the content scripts’ stand-ins (scripts/vite-content-no-entities.ts)', () => {
  it('resolves lib’s markup readers, as lib/sketch imports them, to the stand-in', () => {
    expect(shimOf('../text/html-to-text', join(ROOT, 'lib/sketch'), ROOT)).toBe('entrypoints/results/no-markup.ts');
    expect(shimOf('../text/markup', join(ROOT, 'lib/sketch'), ROOT)).toBe('entrypoints/results/no-markup.ts');
    expect(shimOf('./markup', join(ROOT, 'lib/text'), ROOT)).toBe('entrypoints/results/no-markup.ts');
    expect(shimOf('entities', undefined, ROOT)).toBe('entrypoints/results/decode-html.ts');
    expect(shimOf('../text/tokenize', join(ROOT, 'lib/sketch'), ROOT)).toBeUndefined();
  });

  it('every stand-in exists, and the markup one has every name the modules it stands for export (a build must not miss one)', () => {
    for (const file of new Set(Object.values(CONTENT_SCRIPT_SHIMS))) expect(statSync(join(ROOT, file)).isFile()).toBe(true);
    const names = (m: object) => Object.keys(m).sort();
    expect(names(noMarkup)).toEqual([...new Set([...names(htmlToText), ...names(markup)])].sort());
  });

  it('says so loudly if a content script ever reads markup', () => {
    expect(() => noMarkup.htmlToText('<p>x</p>')).toThrow(/reads no markup/);
  });
});
