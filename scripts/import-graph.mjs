#!/usr/bin/env node
/**
 * The background's import graph (issue #39): which of its folders import each other round a loop, and
 * the longest chain of imports inside it (in files, entry first). `node scripts/import-graph.mjs [DIR]`
 * (DIR: entrypoints/background by default); `--json` for the figures alone. Reads the files as text:
 * relative `import … from` and `export … from`, type-only imports included (they still tie folders).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dir = resolve(root, args.find((a) => !a.startsWith('--')) ?? 'entrypoints/background');

const files = (d) => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : /\.tsx?$/.test(n) ? [join(d, n)] : []));
const all = files(dir);
const known = new Set(all);
const resolveImport = (from, spec) =>
  [`${spec}.ts`, `${spec}.tsx`, join(spec, 'index.ts'), spec].map((p) => resolve(dirname(from), p)).find((p) => known.has(p));

/** file → the files inside DIR it imports. */
const edges = new Map(
  all.map((f) => {
    const src = readFileSync(f, 'utf8');
    const specs = [...src.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
    return [f, [...new Set(specs.map((s) => resolveImport(f, s)).filter(Boolean))]];
  }),
);
const folderOf = (f) => relative(dir, dirname(f)) || '.';

// Folders' graph and its strongly connected components (Tarjan): a component of two or more is a loop.
const folderEdges = new Map();
for (const [f, to] of edges)
  for (const t of to)
    if (folderOf(f) !== folderOf(t)) (folderEdges.get(folderOf(f)) ?? folderEdges.set(folderOf(f), new Set()).get(folderOf(f))).add(folderOf(t));
function components(nodes, next) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) visit(w), low.set(v, Math.min(low.get(v), low.get(w)));
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      for (let w; w !== v; ) (w = stack.pop()), on.delete(w), c.push(w);
      out.push(c);
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return out;
}
const folders = [...new Set(all.map(folderOf))];
const loops = components(folders, (v) => folderEdges.get(v) ?? []).filter((c) => c.length > 1);
const loopPairs = loops.reduce((n, c) => n + (c.length * (c.length - 1)) / 2, 0);

// The longest chain of files: longest path over the files' components (a cycle counts its files once).
const fileComps = components(all, (v) => edges.get(v) ?? []);
const compOf = new Map(fileComps.flatMap((c, i) => c.map((f) => [f, i])));
const best = new Map();
const longest = (i) => {
  if (best.has(i)) return best.get(i);
  let chain = [];
  for (const f of fileComps[i])
    for (const t of edges.get(f) ?? [])
      if (compOf.get(t) !== i) {
        const c = longest(compOf.get(t));
        if (c.length > chain.length) chain = c;
      }
  const here = [fileComps[i][0], ...chain];
  best.set(i, here);
  return here;
};
const chain = fileComps.map((_, i) => longest(i)).reduce((a, b) => (b.length > a.length ? b : a), []);

const figures = { files: all.length, folders: folders.length, loops: loops.map((c) => c.sort()), loopPairs, longestChain: chain.length };
if (args.includes('--json')) console.log(JSON.stringify(figures));
else {
  console.log(`${relative(root, dir)}: ${all.length} files in ${folders.length} folders`);
  console.log(`folders importing each other round a loop: ${loops.length ? loops.map((c) => c.join(' ↔ ')).join('; ') : 'none'} (${loopPairs} folder pairs)`);
  console.log(`longest chain of imports: ${chain.length} files`);
  console.log(`  ${chain.map((f) => relative(dir, f)).join(' → ')}`);
  // --depths: every file's own longest chain, deepest first (where to cut).
  if (args.includes('--depths'))
    for (const f of [...all].sort((a, b) => longest(compOf.get(b)).length - longest(compOf.get(a)).length))
      console.log(`  ${String(longest(compOf.get(f)).length).padStart(2)} ${relative(dir, f)}`);
}
