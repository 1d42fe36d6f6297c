/**
 * Issue #31: cluster, nearest and sketch on corpora — directories with globs, --files-from, JSONL —
 * JSONL output, --stats, and the SimHash and combined methods, through the built CLI.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, runCli, vocabWords } from './helpers/cli';

const doc = (seed: number) => vocabWords(seed, 400).join(' ');
/** A near-copy: one word in fifty changed (resemblance about 0.8 at 5-word shingles). */
const near = (seed: number, salt: number) =>
  vocabWords(seed, 400)
    .map((w, i) => (i % 50 === salt ? `x${salt}${w}` : w))
    .join(' ');

let dir: string;
const p = (...parts: string[]) => join(dir, ...parts);

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'resemble-corpus-'));
  mkdirSync(p('site', 'deep', 'deeper'), { recursive: true });
  writeFileSync(p('site', 'a.txt'), doc(1));
  writeFileSync(p('site', 'deep', 'a-copy.txt'), near(1, 3));
  writeFileSync(p('site', 'deep', 'deeper', 'a-copy2.md'), near(1, 7));
  writeFileSync(p('site', 'b.txt'), doc(2));
  writeFileSync(p('site', 'deep', 'b.log'), near(2, 5));
  writeFileSync(p('site', 'c.txt'), doc(3));
  writeFileSync(p('site', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  const lines = [
    { id: 'a', text: doc(1) },
    { id: 'c', text: doc(3) },
    { id: 7, text: near(1, 11) },
    { text: near(3, 2) },
    { id: 'html', text: `<html><body><p>${near(2, 9)}</p></body></html>` },
  ];
  writeFileSync(p('docs.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  writeFileSync(p('other-fields.jsonl'), `${JSON.stringify({ url: 'u1', body: doc(4) })}\n${JSON.stringify({ url: 'u2', body: near(4, 1) })}\n`);
  writeFileSync(p('bad.jsonl'), `${JSON.stringify({ id: 'ok', text: doc(5) })}\n{not json\n${JSON.stringify({ id: 'n', text: 5 })}\n`);
  writeFileSync(p('list.txt'), `${p('site', 'a.txt')}\n\n${p('site', 'c.txt')}\n`);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[], input?: string) => runCli(args, input);

// biome-ignore lint/suspicious/noExplicitAny: the CLI's JSON, read field by field
async function ok(args: string[], input?: string): Promise<any> {
  const r = await run(args, input);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout);
}

const rel = (clusters: string[][]) => clusters.map((c) => c.map((f) => f.slice(dir.length + 1)));

describe.concurrent('corpus input', () => {
  it('walks a directory in sorted order, with --include and --exclude', async () => {
    const all = await ok(['cluster', p('site'), '--include', '**/*.txt', '--include', '**/*.md', '--json']);
    expect(rel(all.clusters)).toEqual([['site/a.txt', 'site/deep/a-copy.txt', 'site/deep/deeper/a-copy2.md'], ['site/b.txt'], ['site/c.txt']]);
    const some = await ok(['cluster', p('site'), '--exclude', '**/deeper/**', '--exclude', '*.png', '--json']);
    expect(rel(some.clusters)).toEqual([['site/a.txt', 'site/deep/a-copy.txt'], ['site/b.txt', 'site/deep/b.log'], ['site/c.txt']]);
  });

  it('stops on an unusable file met in a walk, or skips it with --skip-bad', async () => {
    const r = await run(['cluster', p('site'), '--json']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/logo\.png: binary input/);
    const skipped = await run(['cluster', p('site'), '--skip-bad', '--json']);
    expect(skipped.status).toBe(0);
    expect(skipped.stderr).toMatch(/logo\.png.*skipped/);
    expect(JSON.parse(skipped.stdout).clusters.flat()).toHaveLength(6);
  });

  it('reads --files-from a file and from standard input', async () => {
    const fromFile = await ok(['cluster', '--files-from', p('list.txt'), '--json']);
    expect(rel(fromFile.clusters)).toEqual([['site/a.txt'], ['site/c.txt']]);
    const fromStdin = await ok(['cluster', p('site', 'deep', 'a-copy.txt'), '--files-from', '-', '--json'], `${p('site', 'a.txt')}\n`);
    expect(rel(fromStdin.clusters)).toEqual([['site/deep/a-copy.txt', 'site/a.txt']]);
  });

  it('reads JSONL with ids (FILE:LINE without one), markup read as markup', async () => {
    const out = await ok(['cluster', '--jsonl', p('docs.jsonl'), '--json']);
    expect(out.clusters).toEqual([['a', '7'], ['c', `${p('docs.jsonl')}:4`], ['html']]);
    const stdin = await ok(
      ['cluster', '--jsonl', '-', '--id-field', 'url', '--text-field', 'body', '--json'],
      `${JSON.stringify({ url: 'u1', body: doc(4) })}\n`,
    );
    expect(stdin.clusters).toEqual([['u1']]);
    const fields = await ok(['cluster', '--jsonl', p('other-fields.jsonl'), '--id-field', 'url', '--text-field', 'body', '--json']);
    expect(fields.clusters).toEqual([['u1', 'u2']]);
  });

  it('names the bad JSONL line, and --skip-bad leaves it out', async () => {
    const r = await run(['cluster', '--jsonl', p('bad.jsonl'), '--json']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${p('bad.jsonl')}:2`);
    const s = await run(['cluster', '--jsonl', p('bad.jsonl'), '--skip-bad', '--json']);
    expect(s.status).toBe(0);
    expect(s.stderr.trim().split('\n')).toHaveLength(2);
    expect(JSON.parse(s.stdout).clusters).toEqual([['ok']]);
  });

  it('gives the same clusters with one sketching thread and with two', async () => {
    const args = ['cluster', p('site'), '--jsonl', p('docs.jsonl'), '--exclude', '*.png', '--json'];
    const one = await ok([...args, '--workers', '1']);
    const two = await ok([...args, '--workers', '2']);
    expect(two).toEqual(one);
    expect(one.clusters.flat()).toHaveLength(11);
  });
});

describe.concurrent('corpus output', () => {
  it('prints clusters as JSONL, one object a line', async () => {
    const r = await run(['cluster', '--jsonl', p('docs.jsonl'), '--output', 'jsonl']);
    expect(r.status).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toEqual([
      { cluster: 1, size: 2, members: ['a', '7'] },
      { cluster: 2, size: 2, members: ['c', `${p('docs.jsonl')}:4`] },
      { cluster: 3, size: 1, members: ['html'] },
    ]);
  });

  it('prints sketches as JSONL, each the object `sketch --json` prints (--simhash adds the SimHash)', async () => {
    const r = await run(['sketch', '--jsonl', p('docs.jsonl'), '--output', 'jsonl', '--simhash']);
    expect(r.status).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((x) => x.file)).toEqual(['a', 'c', '7', `${p('docs.jsonl')}:4`, 'html']);
    const single = await ok(['sketch', p('site', 'a.txt'), '--json', '--simhash']);
    expect(rows[0]).toEqual({ ...single, file: 'a' });
    expect(single.simhash).toMatch(/^[0-9a-f]{16}$/);
    expect((await ok(['sketch', p('site', 'a.txt'), '--json'])).simhash).toBeUndefined();
    const several = await ok(['sketch', p('site', 'a.txt'), p('site', 'c.txt'), '--json']);
    expect(several.sketches.map((x: { file: string }) => x.file)).toEqual([p('site', 'a.txt'), p('site', 'c.txt')]);
  });

  it('nearest streams a corpus and keeps the best K', async () => {
    const out = await ok(['nearest', p('site', 'a.txt'), p('site'), '--jsonl', p('docs.jsonl'), '--exclude', '*.png', '--top', '3', '--json']);
    expect(out.results.map((x: { file: string }) => x.file.replace(`${dir}/`, ''))).toEqual(['a', 'site/deep/a-copy.txt', 'site/deep/deeper/a-copy2.md']);
    expect(out.results[0].resemblance).toBe(1);
  });

  it('--stats reports rates, memory and bytes per document (and in the JSON)', async () => {
    const r = await run(['cluster', '--jsonl', p('docs.jsonl'), '--stats', '--output', 'json']);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/stats: 5 documents .* documents\/s/);
    expect(r.stderr).toMatch(/bytes per document/);
    const { stats } = JSON.parse(r.stdout);
    expect(Object.keys(stats)).toEqual([
      'documents',
      'skipped',
      'bytes',
      'seconds',
      'documentsPerSecond',
      'megabytesPerSecond',
      'peakMemoryBytes',
      'bytesPerDocument',
      'candidatePairs',
      'verifiedPairs',
      'joinedPairs',
      'boundedSkips',
      'method',
      'candidates',
      'workers',
      'sketchSeconds',
      'clusterSeconds',
    ]);
    expect(stats.documents).toBe(5);
    expect([stats.method, stats.candidates]).toEqual(['minhash', 'prefix']);
    expect(stats.joinedPairs).toBeGreaterThanOrEqual(2);
    expect(stats.bytesPerDocument.sketches).toBeGreaterThan(0);
    expect(stats.peakMemoryBytes).toBeGreaterThan(1e6);
  });
});

describe.concurrent('methods', () => {
  it('clusters the same near-duplicates with super shingles, SimHash and both', async () => {
    const prefix = await ok(['cluster', p('site'), '--exclude', '*.png', '--json']);
    for (const extra of [
      ['--candidates', 'super'],
      ['--method', 'simhash', '--bits', '12'],
      ['--method', 'combined', '--bits', '12'],
    ]) {
      expect(await ok(['cluster', p('site'), '--exclude', '*.png', ...extra, '--json'])).toEqual(prefix);
    }
    // Zero differing bits: only identical fingerprints join, and these near-copies are not identical.
    const strict = await ok(['cluster', p('site'), '--exclude', '*.png', '--method', 'simhash', '--bits', '0', '--json']);
    expect(strict.clusters).toHaveLength(6);
  });

  it.each([
    [['cluster', 'x', '--method', 'lsh'], /--method must be minhash, simhash or combined/],
    [['cluster', 'x', '--candidates', 'all'], /--candidates must be auto, prefix or super/],
    [['cluster', 'x', '--bits', '3'], /--bits applies to --method simhash or combined/],
    [['cluster', 'x', '--method', 'simhash', '--threshold', '0.5'], /--threshold applies to the min-hash methods/],
    [['cluster', 'x', '--method', 'simhash', '--bits', '99'], /--bits must be an integer from 0 to 15/],
    [['cluster', 'x', '--output', 'csv'], /--output must be text, json or jsonl/],
    [['cluster', 'x', '--json', '--output', 'jsonl'], /--json and --output jsonl disagree/],
    [['cluster', '-', '--jsonl', '-'], /standard input/],
    [['cluster', '--files-from', '-', '--jsonl', '-'], /standard input/],
    [['cluster'], /missing documents/],
    [['cluster', 'x', '--workers', '0'], /--workers must be an integer/],
    [['nearest', 'q.txt'], /missing arguments/],
  ])('exits 2 for %j', async (args, message) => {
    const r = await run(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
