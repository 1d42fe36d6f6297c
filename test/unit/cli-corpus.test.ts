// Corpus input (issue #31), on the main thread: sources, JSONL lines, unusable documents, progress line.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonlLines } from '../../cli/corpus/jsonl-lines';
import { sketchCorpus } from '../../cli/corpus/pipeline';
import { planFiles } from '../../cli/corpus/sources';
import type { CorpusOptions, CorpusSpec, SketchedDoc, WantedSketch } from '../../cli/corpus/types';
import { InputError, UsageError } from '../../cli/errors';
import { RateProgress, formatEta } from '../../cli/progress';
import { PAGE_OPTIONS, canonicalSource, compactMin, simhashText, sketch, superShingles } from '../../lib/index';

let dir: string;
const words = (k: number) => Array.from({ length: 40 }, (_, i) => `w${(i * 7 + k) % 97}`).join(' ');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'resemble-corpus-'));
  const d = join(dir, 'd');
  mkdirSync(join(d, 'a', 'b'), { recursive: true });
  mkdirSync(join(d, 'node_modules'));
  writeFileSync(join(d, 'b.txt'), words(1));
  writeFileSync(join(d, 'c.md'), words(2));
  writeFileSync(join(d, '.hidden.txt'), words(3));
  writeFileSync(join(d, 'a', 'z.txt'), words(4));
  writeFileSync(join(d, 'a', 'b', 'c.txt'), words(5));
  writeFileSync(join(d, 'node_modules', 'x.txt'), words(6));
  symlinkSync('..', join(d, 'a', 'loop')); // a symlinked directory loop: walked once
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec = (s: Partial<CorpusSpec>): CorpusSpec => ({ paths: [], include: [], exclude: [], idField: 'id', textField: 'text', ...s });
const noStdin: AsyncIterable<Uint8Array> = (async function* () {})();
const stream = (...chunks: string[]) =>
  (async function* () {
    for (const c of chunks) yield Buffer.from(c);
  })();

function sink() {
  const out: string[] = [];
  return { out, stream: { write: (s: string) => out.push(s) > 0, isTTY: false } as unknown as NodeJS.WritableStream };
}

async function run(s: Partial<CorpusSpec>, want: Partial<WantedSketch> = {}, opts: Partial<CorpusOptions> = {}) {
  const err = sink();
  const { docs, totals } = sketchCorpus(
    spec(s),
    { options: PAGE_OPTIONS, form: 'compact', simhash: false, ...want },
    { workers: 1, skipBad: false, progress: false, label: 'sketching', stderr: err.stream, stdin: noStdin, ...opts },
  );
  const got: SketchedDoc[] = [];
  for await (const d of docs) got.push(d);
  return { got, totals: totals(), warnings: err.out.join('') };
}

describe('corpus sources', () => {
  it('walks a directory depth first in sorted order, once per real directory', async () => {
    const { entries } = await planFiles(spec({ paths: [join(dir, 'd')] }), noStdin, false);
    const rel = entries.map((e) => (typeof e === 'string' ? e.slice(dir.length + 1) : e));
    expect(rel).toEqual(['d/.hidden.txt', 'd/a/b/c.txt', 'd/a/z.txt', 'd/b.txt', 'd/c.md', 'd/node_modules/x.txt']);
  });

  it('--include and --exclude match the path relative to the directory given; a slashless glob matches the name', async () => {
    const d = join(dir, 'd');
    const plan = await planFiles(spec({ paths: [d], include: ['*.txt'], exclude: ['node_modules', 'a/b/**'] }), noStdin, true);
    expect(plan.entries).toEqual([join(d, '.hidden.txt'), join(d, 'a/z.txt'), join(d, 'b.txt')]);
    expect(plan.bytes).toBeGreaterThan(0);
    const only = await planFiles(spec({ paths: [d], include: ['a/**/*.txt'] }), noStdin, false);
    expect(only.entries).toEqual([join(d, 'a/b/c.txt'), join(d, 'a/z.txt')]);
  });

  it('--files-from: one path a line, blank lines ignored, each path once after the positionals', async () => {
    const list = join(dir, 'list.txt');
    writeFileSync(list, `${join(dir, 'd/c.md')}\r\n\n  \n${join(dir, 'd/b.txt')}\n${join(dir, 'd', '.', 'b.txt')}\n`);
    const { entries } = await planFiles(spec({ paths: [join(dir, 'd/b.txt')], filesFrom: list }), noStdin, false);
    expect(entries).toEqual([join(dir, 'd/b.txt'), join(dir, 'd/c.md')]);
    const fromStdin = await planFiles(spec({ filesFrom: '-' }), stream(`${join(dir, 'd/c.md')}\n`), false);
    expect(fromStdin.entries).toEqual([join(dir, 'd/c.md')]);
  });

  it('standard input is read by one of -, --files-from - and --jsonl -', async () => {
    for (const s of [{ paths: ['-'], jsonl: '-' }, { filesFrom: '-', jsonl: '-' }, { paths: ['-', '-'] }, { paths: ['-'], filesFrom: '-' }]) {
      await expect(planFiles(spec(s), noStdin, false)).rejects.toThrow(UsageError);
    }
    const { got } = await run({ paths: ['-'] }, { form: 'full' }, { stdin: stream('one two three ', 'four five six seven') });
    expect(got.map((d) => [d.name, d.fromPath, d.bytes])).toEqual([['-', true, 33]]);
    expect(got[0].sketch).toEqual(sketch('one two three four five six seven', PAGE_OPTIONS));
  });

  it('splits JSONL lines across chunks, skips blank ones, and bounds a line', async () => {
    const lines: unknown[] = [];
    for await (const l of jsonlLines(stream('{"a":1}\n\n  \r\n{"b"', ':2}\r\n0123456789ABC\n{}'), 10)) {
      lines.push(l.tooLong ? ['long', l.line] : [l.line, Buffer.from(l.data).toString()]);
    }
    expect(lines).toEqual([
      [1, '{"a":1}'],
      [4, '{"b":2}\r'],
      ['long', 5],
      [6, '{}'],
    ]);
  });
});

describe('sketchCorpus (main thread)', () => {
  const good = (id: unknown, text: string) => JSON.stringify(id === undefined ? { text } : { id, text });
  const jsonl = () => {
    const f = join(dir, 'docs.jsonl');
    writeFileSync(
      f,
      [
        good('first', words(10)),
        good(7, words(11)),
        good(undefined, words(12)),
        '{"id": "x", "text": ',
        '[1,2]',
        '{"id":"y"}',
        '{"id":"z","text":5}',
        good(null, words(13)),
        '',
      ].join('\n'),
    );
    return f;
  };

  it('JSONL: id from --id-field (string or number) else FILE:LINE; text from --text-field', async () => {
    const f = jsonl();
    const { got, totals, warnings } = await run({ jsonl: f }, { form: 'full' }, { skipBad: true });
    expect(got.map((d) => [d.seq, d.name, d.fromPath])).toEqual([
      [0, 'first', false],
      [1, '7', false],
      [2, `${f}:3`, false],
      [7, `${f}:8`, false],
    ]);
    expect(got[0].sketch).toEqual(sketch(words(10), PAGE_OPTIONS));
    expect(warnings.split('\n').filter(Boolean)).toEqual([
      `resemble: ${f}:4: not valid JSON (skipped)`,
      `resemble: ${f}:5: not a JSON object (skipped)`,
      `resemble: ${f}:6: no "text" field (skipped)`,
      `resemble: ${f}:7: "text" is not a string (skipped)`,
    ]);
    expect(totals).toMatchObject({ documents: 4, skipped: 4, workers: 1 });
    const other = join(dir, 'other.jsonl');
    writeFileSync(other, `${JSON.stringify({ key: 'k', body: words(14) })}\n`);
    const named = await run({ jsonl: other, idField: 'key', textField: 'body' });
    expect(named.got.map((d) => d.name)).toEqual(['k']);
  });

  it('an unusable document stops the run with its InputError naming FILE:LINE, unless skipBad', async () => {
    const f = jsonl();
    await expect(run({ jsonl: f })).rejects.toThrow(new InputError(`${f}:4`, 'not valid JSON'));
    await expect(run({ paths: [join(dir, 'missing.txt')] })).rejects.toThrow(`${join(dir, 'missing.txt')}: no such file`);
    await expect(run({ jsonl: join(dir, 'missing.jsonl') }, {}, { skipBad: true })).rejects.toThrow(InputError);
    const fromStdin = await run({ jsonl: '-' }, {}, { skipBad: true, stdin: stream(`${good(undefined, words(1))}\nnot json\n`) });
    expect(fromStdin.got.map((d) => d.name)).toEqual(['-:1']);
    expect(fromStdin.warnings).toBe('resemble: standard input:2: not valid JSON (skipped)\n');
  });

  it('keeps input order across sources and yields what WantedSketch asks for', async () => {
    const d = join(dir, 'd');
    const { got } = await run(
      { paths: [join(d, 'c.md'), join(d, 'a')], jsonl: jsonl(), include: ['*.txt'], exclude: ['loop'] },
      { form: 'compact', simhash: true, superShingles: { bands: 4, rows: 2 } },
      { skipBad: true },
    );
    expect(got.map((x) => x.name).slice(0, 3)).toEqual([join(d, 'c.md'), join(d, 'a/b/c.txt'), join(d, 'a/z.txt')]);
    const s = sketch(words(2), PAGE_OPTIONS);
    expect(got[0].sketch).toBeUndefined();
    expect(got[0].values).toEqual(compactMin(s.min));
    expect(got[0].keys).toEqual(superShingles(compactMin(s.min), { bands: 4, rows: 2 }));
    expect(got[0].simhash).toEqual(simhashText(canonicalSource(words(2)), { shingle: PAGE_OPTIONS.shingle, seed: PAGE_OPTIONS.seed }));
  });
});

describe('RateProgress', () => {
  it('shows documents, MB/s and an ETA, redrawn at most every 100 ms, with warnings on their own lines', () => {
    let now = 1000;
    const err = sink();
    const p = new RateProgress('sketching', true, err.stream as NodeJS.WriteStream, () => now);
    p.totalDocs = 100;
    p.totalBytes = 10_000_000;
    p.update(1, 100_000);
    expect(err.out).toEqual([]); // a quick run shows nothing
    now += 1000;
    p.update(10, 1_000_000);
    now += 50;
    p.update(11, 1_100_000);
    expect(err.out).toEqual(['\r sketching 10/100 documents, 1.0 MB/s\x1b[K']); // no ETA in the first 2 s
    now += 2000;
    p.update(30, 3_000_000);
    expect(err.out.pop()).toBe('\r sketching 30/100 documents, 1.0 MB/s, ETA 0:07\x1b[K');
    p.note('resemble: x: no such file (skipped)');
    expect(err.out.slice(1)).toEqual(['\r\x1b[K', 'resemble: x: no such file (skipped)\n']);
    const unknown = new RateProgress('sketching', true, err.stream as NodeJS.WriteStream, () => now);
    expect(unknown.line(5, 2_500_000, 3000)).toBe(' sketching 5 documents, 0.8 MB/s');
    unknown.totalDocs = 20;
    expect(unknown.line(5, 2_500_000, 3000)).toBe(' sketching 5/20 documents, 0.8 MB/s, ETA 0:09');
    expect(formatEta(3725)).toBe('1:02:05');
    const off = sink();
    const quiet = new RateProgress('sketching', false, off.stream as NodeJS.WriteStream, () => (now += 1000));
    quiet.update(1, 1);
    quiet.clear();
    expect(off.out).toEqual([]);
  });
});
