/**
 * The shape docs/architecture.md promises, held by the source itself: lib/ is pure (no browser or WXT
 * import, nothing from entrypoints/ or components/), and its modules import one another without cycles
 * (type-only imports count: a cycle of types still ties two files into one unit to read).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LIB = join(ROOT, 'lib');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'upstream' ? [] : sources(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const p of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(p).isFile()) return p;
    } catch {
      // not this form
    }
  }
  return undefined;
}

const files = sources(LIB);
const graph = new Map(
  files.map((f) => [
    f,
    importsOf(f)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolveLocal(f, s))
      .filter((p): p is string => !!p),
  ]),
);

describe('lib/', () => {
  it('imports no browser, extension or WXT module, and nothing from entrypoints/ or components/', () => {
    const bad = files.flatMap((f) =>
      importsOf(f)
        .filter((s) => /^(wxt|webextension-polyfill|@wxt-dev)/.test(s) || /(^|\/)(entrypoints|components)\//.test(s))
        .map((s) => `${relative(ROOT, f)} → ${s}`),
    );
    expect(bad).toEqual([]);
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      stack.push(f);
      for (const g of graph.get(f) ?? []) {
        if (state.get(g) === 'open')
          cycles.push(
            stack
              .slice(stack.indexOf(g))
              .concat(g)
              .map((p) => relative(LIB, p))
              .join(' → '),
          );
        else if (!state.has(g)) visit(g);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});

describe('the results page loads no Public Suffix List', () => {
  it('nothing the content script imports (type-only imports aside) reaches tldts: 110 KB that a results page never needs', () => {
    const seen = new Set<string>();
    const reached: string[] = [];
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const src = readFileSync(file, 'utf8');
      // Type-only imports vanish from the bundle.
      for (const m of src.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"]*?from\s*['"]([^'"]+)['"]/g)) {
        if (m[2]) continue;
        const spec = m[3];
        if (spec === 'tldts' || spec.startsWith('tldts/')) reached.push(relative(ROOT, file));
        if (!spec.startsWith('.')) continue;
        const local = resolveLocal(file, spec);
        if (local) walk(local);
      }
    };
    walk(join(ROOT, 'entrypoints/results.content.ts'));
    expect(seen.size).toBeGreaterThan(20);
    expect(reached).toEqual([]);
  });
});
