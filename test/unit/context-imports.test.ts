/**
 * Issue #29: which context may import what (docs/architecture.md). The background speaks no UI words
 * (the popup words its view; the only words it uses are its context menus' titles), and page-support/
 * is the extension pages' own: the background and the content script share with them through shared/.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Each file's local imports, as paths from the repository's root. */
function localImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]/g)].map((m) => relative(ROOT, resolve(dirname(file), m[1])));
}

const rel = (f: string) => relative(ROOT, f);
const BACKGROUND = sources(join(ROOT, 'entrypoints/background'));
const CONTENT = [join(ROOT, 'entrypoints/results.content.ts'), ...sources(join(ROOT, 'entrypoints/results'))];
/** The words of the UI: the background uses `t()` only in browser-ui/, for what the browser itself shows (menus, the toolbar button's title). */
const WORDS = /^(shared\/i18n|words\/|page-support\/)/;

describe('what each context imports', () => {
  it('finds the background files and the content script', () => {
    expect(BACKGROUND.length).toBeGreaterThan(30);
    expect(CONTENT.length).toBeGreaterThan(5);
  });

  it('the background imports no UI words (browser-ui/ titles the menus and the toolbar button with shared/i18n)', () => {
    const bad = BACKGROUND.flatMap((f) =>
      localImports(f)
        .filter((i) => WORDS.test(i) && !(rel(f).startsWith('entrypoints/background/browser-ui/') && i === 'shared/i18n'))
        .map((i) => `${rel(f)} → ${i}`),
    );
    expect(bad).toEqual([]);
  });

  it('neither the background nor the content script imports page-support/ (the pages own it)', () => {
    const bad = [...BACKGROUND, ...CONTENT].flatMap((f) =>
      localImports(f)
        .filter((i) => i.startsWith('page-support/'))
        .map((i) => `${rel(f)} → ${i}`),
    );
    expect(bad).toEqual([]);
  });

  it('every background folder says what it is for', () => {
    const dirs = readdirSync(join(ROOT, 'entrypoints/background')).filter((d) => statSync(join(ROOT, 'entrypoints/background', d)).isDirectory());
    expect(dirs.filter((d) => !readFileSync(join(ROOT, 'entrypoints/background', d, 'README.md'), 'utf8').startsWith(`# ${d} — `))).toEqual([]);
  });
});
