import { Buffer } from 'node:buffer';
import { serializeSketch } from '../../lib/index';
import { expectPositionals } from '../args';
import type { Command } from '../command';
import { hex52, padEnd, writeJson, writeLines } from '../output';
import { readInput, sketchInput } from '../read-input';
import { sketchOptions } from '../sketch-options';

const USAGE = 'sketch FILE [--json]';

export const sketchCommand: Command = {
  name: 'sketch',
  summary: "print a file's sketch",
  usage: USAGE,
  options: { flags: [], values: [] },
  help: `Prints the sketch of FILE: the options it was made with, the counts it records, its MIN_s
sample (the s smallest shingle fingerprints) and MOD sample (every fingerprint divisible by 2^modBits),
and the fingerprint of the whole canonical text (equal for texts with the same words in order).

Options:
  --json         print one object:
                 {"file", "options": {"shingle", "size", "seed"}, "format", "tokens", "shingles",
                  "distinct", "modBits", "whole" (13 hex digits), "truncated", "min": [numbers],
                  "mod": [numbers], "bytes" (serialized length), "base64" (the serialized sketch)}`,

  async run(args) {
    const [file] = expectPositionals(args, 1, 1, USAGE, 'sketch');
    const opts = sketchOptions(args, 'sketch');
    const input = await readInput(file);
    const s = sketchInput(input, opts);
    const bytes = serializeSketch(s);
    if (args.flags.has('json')) {
      writeJson({
        file,
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
      });
      return;
    }
    const row = (k: string, v: string | number) => `${padEnd(k, 11)}${v}`;
    writeLines([
      row('file', file),
      row('input', `${input.markup?.toUpperCase() ?? 'text'}, ${input.encoding}, ${input.bytes} bytes`),
      row('options', `shingle ${s.shingle}, size ${s.size}, seed ${s.seed}`),
      row('tokens', s.tokens),
      row('shingles', s.shingles),
      row('distinct', `${s.distinct}${s.modBits === 0 ? ' (exact)' : ` (estimated: |mod| * 2^${s.modBits})`}`),
      row('modBits', s.modBits),
      row('|min|', s.min.length),
      row('|mod|', s.mod.length),
      row('whole', hex52(s.whole)),
      row('truncated', s.truncated ? 'yes (only the first characters were read)' : 'no'),
      row('bytes', `${bytes.length} serialized`),
    ]);
  },
};
