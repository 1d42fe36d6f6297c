// Corpus input (issue #31), on the main thread: sources, JSONL lines, unusable documents, progress line.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonlLines } from '../../cli/corpus/jsonl-lines';
import { MAX_WARNINGS, sketchCorpus } from '../../cli/corpus/pipeline';
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
    // Standard input's lines are named -:LINE, as documents and in messages alike.
    expect(fromStdin.warnings).toBe('resemble: -:2: not valid JSON (skipped)\n');
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

describe('corpus input limits (issue #31 review)', () => {
  const devices = existsSync('/dev/null') && existsSync('/dev/zero');

  it.skipIf(!devices)('walks only regular files: FIFOs, devices and links to them are unusable, never opened; a pipe named directly is read', async () => {
    const d = join(dir, 'special');
    mkdirSync(d);
    writeFileSync(join(d, 'a.txt'), words(20));
    symlinkSync('/dev/zero', join(d, 'zero'));
    let fifo = false;
    try {
      execFileSync('mkfifo', [join(d, 'pipe')]);
      fifo = true;
    } catch {
      // No mkfifo here: the device links still show the rule.
    }
    // A path given directly (or listed) that is a device: refused before reading, not "empty file".
    await expect(run({ paths: ['/dev/null'] })).rejects.toThrow(new InputError('/dev/null', 'not a regular file'));
    const list = join(dir, 'devices.txt');
    writeFileSync(list, '/dev/null\n');
    await expect(run({ filesFrom: list })).rejects.toThrow(new InputError('/dev/null', 'not a regular file'));
    const { entries } = await planFiles(spec({ paths: [d] }), noStdin, true);
    expect(entries).toEqual([
      join(d, 'a.txt'),
      ...(fifo ? [{ name: join(d, 'pipe'), reason: 'not a regular file' }] : []),
      { name: join(d, 'zero'), reason: 'not a regular file' },
    ]);
    const { got, totals, warnings } = await run({ paths: [d] }, {}, { skipBad: true });
    expect(got.map((x) => x.name)).toEqual([join(d, 'a.txt')]);
    expect(totals).toMatchObject({ documents: 1, skipped: fifo ? 2 : 1 });
    expect(warnings).toContain(`resemble: ${join(d, 'zero')}: not a regular file (skipped)`);
    if (fifo) {
      // A pipe named on the command line (as `<(zcat a.gz)` is) is the user's own: it is read to its end.
      const writer = spawn('sh', ['-c', `printf '%s' "${words(20)}" > '${join(d, 'pipe')}'`]);
      const piped = await run({ paths: [join(d, 'pipe')] });
      expect(piped.got.map((x) => x.name)).toEqual([join(d, 'pipe')]);
      await new Promise((done) => (writer.exitCode === null ? writer.on('exit', done) : done(null)));
    }
  });

  it("a '-' line in a --files-from list is a file named '-', not standard input read a second time", async () => {
    const list = join(dir, 'dash.txt');
    writeFileSync(list, `${join(dir, 'd/b.txt')}\n-\n`);
    const plan = await planFiles(spec({ filesFrom: list, jsonl: '-' }), noStdin, false);
    expect(plan.entries).toEqual([join(dir, 'd/b.txt'), './-']);
    const lines = `${JSON.stringify({ id: 'one', text: words(30) })}\n${JSON.stringify({ id: 'two', text: words(31) })}\n`;
    const { got, warnings } = await run({ filesFrom: list, jsonl: '-' }, {}, { skipBad: true, stdin: stream(lines) });
    expect(got.map((x) => x.name)).toEqual([join(dir, 'd/b.txt'), 'one', 'two']);
    expect(warnings).toBe('resemble: ./-: no such file (skipped)\n');
  });

  it('a JSONL id over 1,024 characters makes its line unusable, named FILE:LINE', async () => {
    const f = join(dir, 'ids.jsonl');
    writeFileSync(f, `${JSON.stringify({ id: 'x'.repeat(1025), text: words(40) })}\n${JSON.stringify({ id: 'y'.repeat(1024), text: words(41) })}\n`);
    const { got, warnings } = await run({ jsonl: f }, {}, { skipBad: true });
    expect(got.map((x) => x.name)).toEqual(['y'.repeat(1024)]);
    expect(warnings).toBe(`resemble: ${f}:1: id longer than 1024 characters (skipped)\n`);
    await expect(run({ jsonl: f })).rejects.toThrow(new InputError(`${f}:1`, 'id longer than 1024 characters'));
  });

  it('reads at most 4 × maxChars bytes of a file (+4), cut at a UTF-8 boundary: the same truncated sketch', async () => {
    const options = { ...PAGE_OPTIONS, maxChars: 100 };
    // 3-byte characters, the 404-byte limit falling inside a €; NULs past it would make the whole file binary.
    const text = `a ${Array.from({ length: 60 }, (_, i) => `€${i}€ w${i}`).join(' ')}`;
    const f = join(dir, 'long.txt');
    writeFileSync(f, Buffer.concat([Buffer.from(text), Buffer.alloc(1000)]));
    const { got } = await run({ paths: [f] }, { form: 'full', options });
    expect(got[0].sketch).toEqual(sketch(text, options));
    expect(got[0].sketch?.truncated).toBe(true);
    expect(got[0].bytes).toBe(statSync(f).size);
  });

  it(`lists the first ${MAX_WARNINGS} unusable documents with skipBad, then only counts them`, async () => {
    const f = join(dir, 'bad.jsonl');
    writeFileSync(f, `${'not json\n'.repeat(25)}${JSON.stringify({ id: 'ok', text: words(50) })}\n`);
    const { got, totals, warnings } = await run({ jsonl: f }, {}, { skipBad: true });
    const lines = warnings.split('\n').filter(Boolean);
    expect(lines).toHaveLength(21);
    expect(lines[19]).toBe(`resemble: ${f}:20: not valid JSON (skipped)`);
    expect(lines[20]).toBe('resemble: further unusable documents are not listed');
    expect(got.map((x) => x.name)).toEqual(['ok']);
    expect(totals).toMatchObject({ documents: 1, skipped: 25 });
  });

  it("counts every JSONL byte read: newlines, blank and bad lines (the total is the file's size)", async () => {
    const f = join(dir, 'bytes.jsonl');
    writeFileSync(f, `\n${JSON.stringify({ text: words(60) })}\r\n\n  \nnot json\n${JSON.stringify({ text: words(61) })}\n\n`);
    const { totals } = await run({ jsonl: f }, {}, { skipBad: true });
    expect(totals).toMatchObject({ documents: 2, skipped: 1, bytes: statSync(f).size });
    let n = 0;
    for await (const l of jsonlLines(stream('{"a":1}\n\n0123456789ABC\n', '{}'), 10, (b) => (n += b))) n += l.bytes;
    expect(n).toBe(25);
  });
});
