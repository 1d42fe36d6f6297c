import { statSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { type Sketch, serializeSketch, simhashHex } from '../../lib/index';
import type { Command } from '../command';
import { CORPUS_HELP, CORPUS_OPTIONS, corpusOptions, corpusSpec, hasCorpus } from '../corpus-args';
import { sketchCorpus } from '../corpus/pipeline';
import type { SketchedDoc } from '../corpus/types';
import { UsageError } from '../errors';
import { hex52, padEnd, writeJson, writeLines } from '../output';
import { OUTPUT_HELP, outputFormat, writeJsonLine } from '../output-format';
import { JsonArrayDocument } from '../stream-output';
import { sketchOptions } from '../sketch-options';
import { PARQUET_HELP, sketchToParquet } from './sketch-parquet-run';

const USAGE = 'sketch FILE... [--jsonl F] [--files-from F] [--simhash] [--json | --output F] [--out FILE]';

export const sketchCommand: Command = {
  name: 'sketch',
  summary: "print documents' sketches",
  usage: USAGE,
  options: { flags: ['simhash', ...CORPUS_OPTIONS.flags], values: ['output', 'out', ...CORPUS_OPTIONS.values], repeatable: CORPUS_OPTIONS.repeatable },
  help: `Prints the sketch of each document: the options it was made with, the counts it records, its MIN_s
sample (the s smallest shingle fingerprints) and MOD sample (every fingerprint divisible by 2^modBits),
and the fingerprint of the whole canonical text (equal for texts with the same words in order).

Options:
  --json         print one object for one FILE:
                 {"file", "options": {"shingle", "size", "seed"}, "format", "tokens", "shingles",
                  "distinct", "modBits", "whole" (13 hex digits), "truncated", "min": [numbers],
                  "mod": [numbers], "bytes" (serialized length), "base64" (the serialized sketch)},
                 with --simhash also "simhash", and "cut" (the bytes read) for a document longer
                 than the read limit; for several documents {"sketches": [object, ...]}
  --simhash      also print the 64-bit SimHash over the same shingles (16 hex digits)
${OUTPUT_HELP}
                 (--output jsonl: one such object a line, streamed: the form for DuckDB, Spark, Polars;
                 --jsonl F reads documents, --output jsonl writes sketches)
${PARQUET_HELP}

${CORPUS_HELP}`,

  async run(args) {
    const spec = corpusSpec(args, args.positionals, 'sketch');
    if (!hasCorpus(spec)) throw new UsageError(`missing arguments; usage: resemble ${USAGE}`, 'sketch');
    const options = sketchOptions(args, 'sketch');
    if (args.values.get('output') === 'parquet') return sketchToParquet(args, spec, options);
    if (args.values.has('out')) throw new UsageError('--out names the Parquet file of --output parquet; other output goes to standard output', 'sketch');
    const format = outputFormat(args, 'sketch');
    const run = sketchCorpus(spec, { options, form: 'full', simhash: args.flags.has('simhash') }, corpusOptions(args, 'sketch'));
    const single = spec.paths.length === 1 && !spec.filesFrom && !spec.jsonl && !isDirectory(spec.paths[0]);
    // One FILE keeps `sketch --json`'s one object; several are streamed into {"sketches": [...]}.
    const doc = format === 'json' && !single ? new JsonArrayDocument('sketches') : undefined;
    let first = true;
    for await (const d of run.docs) {
      if (format === 'jsonl') writeJsonLine(sketchJson(d));
      else if (doc) doc.item(sketchJson(d));
      else if (format === 'json') writeJson(sketchJson(d));
      else {
        writeLines([...(first ? [] : ['']), ...sketchText(d)]);
        first = false;
      }
    }
    doc?.end();
  },
};

function isDirectory(path: string): boolean {
  try {
    return path !== '-' && statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function sketchJson(d: SketchedDoc) {
  const s = d.sketch as Sketch;
  const bytes = serializeSketch(s);
  return {
    file: d.name,
    options: { shingle: s.shingle, size: s.size, seed: s.seed },
    format: s.format,
    tokens: s.tokens,
    shingles: s.shingles,
    distinct: s.distinct,
    modBits: s.modBits,
    whole: hex52(s.whole),
    truncated: s.truncated,
    min: Array.from(s.min),
    mod: Array.from(s.mod),
    bytes: bytes.length,
    base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    ...(d.simhash ? { simhash: simhashHex(d.simhash) } : {}),
    ...(d.cut !== undefined ? { cut: d.cut } : {}),
  };
}

function sketchText(d: SketchedDoc): string[] {
  const s = d.sketch as Sketch;
  const bytes = serializeSketch(s);
  const row = (k: string, v: string | number) => `${padEnd(k, 11)}${v}`;
  return [
    row('file', d.name),
    row(
      'input',
      `${d.input?.markup?.toUpperCase() ?? 'text'}, ${d.input?.encoding ?? 'utf-8'}, ${d.bytes} bytes${d.cut !== undefined ? ` (only the first ${d.cut} read)` : ''}`,
    ),
    row('options', `shingle ${s.shingle}, size ${s.size}, seed ${s.seed}`),
    row('tokens', s.tokens),
    row('shingles', s.shingles),
    row('distinct', `${s.distinct}${s.modBits === 0 ? ' (exact)' : ` (estimated: |mod| * 2^${s.modBits})`}`),
    row('modBits', s.modBits),
    row('|min|', s.min.length),
    row('|mod|', s.mod.length),
    row('whole', hex52(s.whole)),
    ...(d.simhash ? [row('simhash', simhashHex(d.simhash))] : []),
    row('truncated', s.truncated ? 'yes (only the first characters were read)' : 'no'),
    row('bytes', `${bytes.length} serialized`),
  ];
}
