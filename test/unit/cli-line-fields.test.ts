// Issue #42: a JSONL line's text is hashed from its bytes when ./cli/corpus/line-fields.ts can read the
// line for certain; what it accepts must be exactly what JSON.parse accepts, read the same, and hashed
// to the same words. Thousands of generated lines, most of them broken on purpose, check both.
import { describe, expect, it } from 'vitest';
import { AsciiText, fieldBytes, lineFields } from '../../cli/corpus/line-fields';
import { sketchLines } from '../../cli/corpus/sketch-lines';
import type { WantedSketch } from '../../cli/corpus/types';
import { PAGE_OPTIONS } from '../../lib/index';
import { WordHashes, hashEncoded, hashWords } from '../../lib/text/tokenize';

/** Small seeded generator (mulberry32): the same lines on every run. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['alpha', 'Beta', 'gamma', 'd3lta', 'e', 'zeta-eta', "theta's", 'iota.', 'kappa,', 'LAMBDA'];
const PIECES = ['\n', '"', '\\', '/', '\t', '\f', '\r', '\b', 'é', '😀', '<p>', '\u0001', '\u001b', '\ufffd', ' < ', '\u007f'];

function textOf(r: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    out.push(WORDS[Math.floor(r() * WORDS.length)]);
    if (r() < 0.02) out.push(PIECES[Math.floor(r() * PIECES.length)]);
  }
  return out.join(' ');
}

function lineOf(r: () => number): string {
  const fields: [string, unknown][] = [];
  const idKinds = [
    () => `doc-${Math.floor(r() * 1e6)}`,
    () => Math.floor(r() * 1e9),
    () => r() * 100,
    () => null,
    () => true,
    () => ({ n: 1 }),
    () => 'x'.repeat(1100),
    () => 'ün\u00efcode "q"',
  ];
  if (r() < 0.9) fields.push(['id', idKinds[Math.floor(r() * idKinds.length)]()]);
  fields.push(['text', r() < 0.95 ? textOf(r, r() < 0.8 ? 500 : 20) : 42]);
  if (r() < 0.4) fields.push(['url', `https://example.com/${Math.floor(r() * 99)}?q="a"`]);
  if (r() < 0.3) fields.push(['meta', { a: [1, 2, { b: '}]"{' }], c: null, d: 'é' }]);
  if (r() < 0.1) fields.push(['text', textOf(r, 300)]);
  if (r() < 0.05) fields.push(['te\u0078t', 'shadow']);
  for (let i = fields.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [fields[i], fields[j]] = [fields[j], fields[i]];
  }
  const sp = () => (r() < 0.1 ? [' ', '\t', '\r', '  '][Math.floor(r() * 4)] : '');
  let line = `${sp()}{${fields.map(([k, v]) => `${sp()}${JSON.stringify(k)}${sp()}:${sp()}${JSON.stringify(v)}${sp()}`).join(',')}}${sp()}`;
  if (r() < 0.05) line = line.replace('"te\\u0078t"', '"te\\u0078t"'); // stays escaped in the line
  if (r() < 0.1) line = line.replace(/\\n/, '\\u000a');
  // Breakage: a character dropped or inserted somewhere, or the line cut short.
  const mutations = r() < 0.5 ? 0 : 1 + Math.floor(r() * 2);
  for (let m = 0; m < mutations; m++) {
    const at = Math.floor(r() * (line.length + 1));
    const c = r();
    if (c < 0.3) line = line.slice(0, at) + line.slice(at + 1);
    else if (c < 0.9)
      line = line.slice(0, at) + ['"', '\\', '{', '}', ',', ':', ' ', '\t', '\u0001', 'x', '[', ']', '0', 'é', '<'][Math.floor(r() * 15)] + line.slice(at);
    else line = line.slice(0, at);
  }
  return line;
}

const names = { text: fieldBytes('text') as Uint8Array, id: fieldBytes('id') as Uint8Array };

describe('reading JSONL lines from their bytes', () => {
  const r = rng(42);
  const lines = Array.from({ length: 4000 }, () => lineOf(r));

  it("accepts only what JSON.parse accepts (the text's own contents left to AsciiText), and reads the same id and text", () => {
    let accepted = 0;
    let refused = 0;
    for (const line of lines) {
      const buf = Buffer.from(line);
      const f = lineFields(buf, names.text, names.id);
      let parsed: unknown;
      try {
        parsed = JSON.parse(buf.toString('utf8')); // as the CLI reads it: a lone surrogate became U+FFFD
      } catch {
        parsed = undefined;
      }
      if (!f) {
        refused++;
        continue;
      }
      // The text's own contents are left to AsciiText: a line whose only fault is there is refused by it.
      if (parsed === undefined) {
        expect(() => JSON.parse(buf.toString('utf8', f.from - 1, f.to + 1)), line).toThrow();
        expect(new AsciiText().read(buf, f), line).toBe(-1);
        refused++;
        continue;
      }
      accepted++;
      const rec = parsed as Record<string, unknown>;
      expect(JSON.parse(buf.toString('utf8', f.from - 1, f.to + 1))).toBe(rec.text);
      expect(f.id).toEqual(rec.id);
    }
    // Both kinds are met in numbers: the check above is not vacuous.
    expect(accepted).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });

  it('hashes an accepted text from its bytes to the words of its string, and refuses the rest', () => {
    const ascii = new AsciiText();
    let read = 0;
    for (const line of lines) {
      const buf = Buffer.from(line);
      const f = lineFields(buf, names.text, names.id);
      if (!f) continue;
      const chars = ascii.read(buf, f);
      let text: string;
      try {
        text = JSON.parse(buf.toString('utf8', f.from - 1, f.to + 1)) as string;
      } catch {
        expect(chars, line).toBe(-1);
        continue;
      }
      // eslint-disable-next-line no-control-regex
      const plainAscii = /^[\x20-\x7f\t\n\r\f]*$/.test(text) && !text.includes('<') && !f.escapes.some((e) => buf[e + 1] === 117 || buf[e + 1] === 98);
      expect(chars >= 0, line).toBe(plainAscii);
      if (chars < 0) continue;
      read++;
      expect(chars).toBe(text.length);
      const want = hashWords(text, new WordHashes());
      const got = hashEncoded(ascii.bytes, 0, f.to - f.from, new WordHashes());
      expect(Array.from(got.a.subarray(0, got.n))).toEqual(Array.from(want.a.subarray(0, want.n)));
      expect(Array.from(got.b.subarray(0, got.n))).toEqual(Array.from(want.b.subarray(0, want.n)));
    }
    expect(read).toBeGreaterThan(500);
  });

  it('gives each line the document or the error the JSON.parse path gives', () => {
    const data = Buffer.from(`${lines.join('\n')}\n`);
    const job = { kind: 'lines' as const, file: 'gen.jsonl', line: 1, lines: lines.length, data };
    const fields = { idField: 'id', textField: 'text' };
    const fast: WantedSketch = { options: PAGE_OPTIONS, form: 'compact', simhash: false, superShingles: { bands: 4, rows: 2 } };
    // SimHash reads the canonical string, so asking for it takes every line through JSON.parse.
    const slow: WantedSketch = { ...fast, simhash: true };
    const a = sketchLines(job, fast, fields).results;
    const b = sketchLines(job, slow, fields).results;
    expect(a.length).toBe(b.length);
    const strip = (d: (typeof a)[number]) =>
      'bad' in d ? d : { name: d.name, bytes: d.bytes, values: Array.from(d.values ?? []), keys: Array.from(d.keys ?? []) };
    for (let i = 0; i < a.length; i++) expect(strip(a[i]), lines[i]).toEqual(strip(b[i]));
  });

  it('reads only field names it can compare as bytes', () => {
    expect(fieldBytes('text')).toBeDefined();
    for (const name of ['t"x', 'a\\b', 'é', '', '\u0001']) expect(fieldBytes(name)).toBeUndefined();
  });
});
