/**
 * Issue #42: `sketch --output parquet` shards and `cluster --sketches`, through the built CLI. The
 * shards of a generated corpus with planted families (and a block of pages sharing one footer, whose
 * long runs the candidate step bounds) cluster as the texts do, split in 2 and in 3; the schema is
 * pinned; a missing or broken DuckDB is one line and exit status 4, and no other command cares.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DEFAULTS, corpusChunks } from '../../bench/corpus-gen';
import { type DuckApi, loadDuckDB } from '../../cli/duckdb/load';
import { META_KEY, SHARD_FORMAT } from '../../cli/duckdb/sketch-parquet';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'resemble.mjs');
// Where DuckDB cannot install, the round trips skip (visibly) and the failure tests still run.
const duckdb = ((): DuckApi | undefined => {
  try {
    return loadDuckDB().api;
  } catch {
    return undefined;
  }
})();

let dir: string;
const p = (...parts: string[]) => join(dir, ...parts);

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const clusters = (args: string[]) => {
  const r = cli([...args, '--output', 'json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout).clusters as string[][];
};

/** Words from a made-up vocabulary, a stream per seed. */
function words(seed: number, n: number): string[] {
  let x = seed * 2654435761 + 1;
  return Array.from({ length: n }, () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) | 0;
    return `v${((x >>> 0) % 40000).toString(36)}`;
  });
}

beforeAll(() => {
  spawnSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root });
  dir = mkdtempSync(join(tmpdir(), 'resemble-parquet-'));
  const generated = Buffer.concat([...corpusChunks({ ...CORPUS_DEFAULTS, docs: 900, familyShare: 0.05, docBytes: 1500, seed: 42 })])
    .toString('utf8')
    .trimEnd()
    .split('\n');
  // 90 pages sharing a 60-word footer (prefix runs longer than the exact bound), some of them near-copies.
  const footer = words(999, 60).join(' ');
  const footed = Array.from({ length: 90 }, (_, k) => {
    const body = words(k < 30 ? 5000 + (k % 10) : 5000 + k, 250);
    if (k < 30) body[(k * 7) % 250] = `edit${k}`;
    return JSON.stringify({ id: `footer-${k}`, text: `${body.join(' ')} ${footer}` });
  });
  const all = [...generated.slice(0, 500), ...footed, ...generated.slice(500), JSON.stringify({ text: words(7, 300).join(' ') })];
  writeFileSync(p('all.jsonl'), `${all.join('\n')}\n`);
  const cut = (parts: number) => {
    const size = Math.ceil(all.length / parts);
    return Array.from({ length: parts }, (_, k) => {
      const f = p(`part${parts}-${k}.jsonl`);
      writeFileSync(f, `${all.slice(k * size, (k + 1) * size).join('\n')}\n`);
      return f;
    });
  };
  for (const parts of [2, 3]) {
    cut(parts).forEach((f, k) => {
      if (duckdb) expect(cli(['sketch', '--jsonl', f, '--output', 'parquet', '--out', p(`shard${parts}-${k}.parquet`)]).code).toBe(0);
    });
  }
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!duckdb)('Parquet shards clustered by DuckDB (needs @duckdb/node-api)', () => {
  const shards = (parts: number) => Array.from({ length: parts }, (_, k) => p(`shard${parts}-${k}.parquet`));

  it.each([
    ['auto (prefix)', []],
    ['super', ['--candidates', 'super']],
    ['prefix at 0.7', ['--candidates', 'prefix', '--threshold', '0.7']],
    ['super at 0.3', ['--candidates', 'super', '--threshold', '0.3']],
  ])('gives the clusters of the texts, in 2 and in 3 shards: %s', (_name, opts) => {
    const direct = clusters(['cluster', '--jsonl', p('all.jsonl'), ...opts]);
    expect(direct.filter((c) => c.length > 1).length).toBeGreaterThan(20);
    expect(direct.some((c) => c.length > 1 && c.every((id) => id.startsWith('footer-')))).toBe(true);
    for (const parts of [2, 3]) {
      // Names without an id are FILE:LINE of the file sketched: compare the ids only.
      const named = (cs: string[][]) => cs.map((c) => c.map((n) => (n.includes('.jsonl:') ? 'line' : n)));
      expect(named(clusters(['cluster', '--sketches', ...shards(parts), ...opts]))).toEqual(named(direct));
    }
  });

  it('bounds the footer runs as the in-memory step does (stats say so)', () => {
    const r = cli(['cluster', '--sketches', ...shards(3), '--candidates', 'prefix', '--stats', '--output', 'json']);
    const direct = cli(['cluster', '--jsonl', p('all.jsonl'), '--candidates', 'prefix', '--stats', '--output', 'json']);
    const [a, b] = [JSON.parse(r.stdout).stats, JSON.parse(direct.stdout).stats];
    expect(a.candidatePairs).toBe(b.candidatePairs);
    expect(a.boundedSkips).toBe(b.boundedSkips);
    expect(a.boundedSkips).toBeGreaterThan(0);
    expect(a.candidates).toBe('prefix (DuckDB)');
  });

  it('writes the pinned schema, with the options in the key-value metadata', async () => {
    const db = await (duckdb as DuckApi).DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const f = `'${shards(2)[0]}'`;
    const schema = (await con.runAndReadAll(`SELECT name, type, converted_type, repetition_type FROM parquet_schema(${f})`)).getRows();
    expect(schema).toEqual([
      ['duckdb_schema', null, null, 'REQUIRED'],
      ['id', 'BYTE_ARRAY', 'UTF8', 'OPTIONAL'],
      ['min', null, 'LIST', 'OPTIONAL'],
      ['list', null, null, 'REPEATED'],
      ['element', 'INT32', 'UINT_32', 'OPTIONAL'],
      ['bands', null, 'LIST', 'OPTIONAL'],
      ['list', null, null, 'REPEATED'],
      ['element', 'INT32', 'UINT_32', 'OPTIONAL'],
    ]);
    const meta = (await con.runAndReadAll(`SELECT decode(key), decode(value) FROM parquet_kv_metadata(${f})`)).getRows();
    expect(meta).toEqual([[META_KEY, JSON.stringify({ format: SHARD_FORMAT, shingle: 5, size: 128, seed: 0, bands: 16, rows: 2 })]]);
    const rows = (await con.runAndReadAll(`SELECT id, len(min), len(bands), min = list_sort(min) FROM read_parquet(${f}) LIMIT 3`)).getRows();
    expect(rows.map((r) => [typeof r[0], Number(r[1]) > 0 && Number(r[1]) <= 128, Number(r[2]), r[3]])).toEqual(Array(3).fill(['string', true, 16, true]));
    con.closeSync();
    db.closeSync();
  });

  it('refuses shards it cannot use, each by name (exit status 1)', () => {
    writeFileSync(p('not.parquet'), 'plain text');
    const notParquet = cli(['cluster', '--sketches', p('not.parquet')]);
    expect(notParquet.code).toBe(1);
    expect(notParquet.stderr).toMatch(/^resemble: .*not\.parquet: not a Parquet file/);
    expect(cli(['sketch', '--jsonl', p('part2-0.jsonl'), '--shingle', '4', '--output', 'parquet', '--out', p('w4.parquet')]).code).toBe(0);
    const mixed = cli(['cluster', '--sketches', shards(2)[0], p('w4.parquet')]);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toContain('w4.parquet: sketched with shingle 4');
    expect(cli(['cluster', '--sketches', p('w4.parquet'), '--shingle', '5']).code).toBe(1);
    expect(cli(['cluster', '--sketches', p('missing.parquet')]).code).toBe(1);
  });
});

describe('Parquet usage and a missing or broken DuckDB', () => {
  it.each([
    [['sketch', 'x.txt', '--output', 'parquet']],
    [['sketch', 'x.txt', '--out', 'x.parquet']],
    [['sketch', 'x.txt', '--output', 'parquet', '--out', 'x.parquet', '--simhash']],
    [['cluster', '--sketches', 'a.parquet', '--jsonl', 'x.jsonl']],
    [['cluster', '--sketches', 'a.parquet', '--method', 'simhash']],
    [['cluster', '--sketches']],
    [['cluster', 'x.txt', '--output', 'parquet']],
  ])('exits 2 for %j', (args) => {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('says in one line that DuckDB is missing or broken, exits 4, writes nothing; other commands still run', () => {
    writeFileSync(p('broken.cjs'), "throw new Error('libduckdb.so: cannot open shared object file\\nstack');\n");
    writeFileSync(p('one.jsonl'), `${JSON.stringify({ id: 'a', text: words(1, 80).join(' ') })}\n`);
    for (const [mod, says] of [
      [p('no-such-duckdb.cjs'), 'is not installed'],
      [p('broken.cjs'), 'failed to load (libduckdb.so: cannot open shared object file)'],
    ]) {
      const env = { RESEMBLE_DUCKDB_MODULE: mod };
      const out = p('never.parquet');
      for (const args of [
        ['sketch', '--jsonl', p('one.jsonl'), '--output', 'parquet', '--out', out],
        ['cluster', '--sketches', p('whatever.parquet')],
      ]) {
        const r = cli(args, env);
        expect(r.code).toBe(4);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(new RegExp(`^resemble: DuckDB \\(.*\\) ${says.replace(/[()]/g, '\\$&')}; .*npm install @duckdb/node-api@`));
        expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      }
      expect(existsSync(out)).toBe(false);
      const other = cli(['cluster', '--jsonl', p('one.jsonl'), '--output', 'json'], env);
      expect(other.code).toBe(0);
      expect(JSON.parse(other.stdout).clusters).toEqual([['a']]);
    }
  });
});
