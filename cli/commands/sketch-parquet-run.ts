// `resemble sketch … --output parquet --out FILE` (issue #42): the corpus's compact sketches and band
// keys as one Parquet shard, written through DuckDB (../duckdb/sketch-parquet.ts).
import { SUPER_SHINGLES, type SketchOptions } from '../../lib/index';
import type { ParsedArgs } from '../args';
import { corpusOptions } from '../corpus-args';
import { sketchCorpus } from '../corpus/pipeline';
import type { CorpusSpec } from '../corpus/types';
import { accessSync, constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError, inputErrorFor } from '../errors';
import { ParquetSketchWriter, shardMeta } from '../duckdb/sketch-parquet';

export const PARQUET_HELP = `  --output parquet --out FILE
                 write the sketches to FILE as Parquet, one row a document: id (VARCHAR: the path,
                 JSONL id or FILE:LINE), min (UINTEGER[]: the MIN_s values' top 32 bits, ascending),
                 bands (UINTEGER[]: the ${SUPER_SHINGLES.bands} super shingles, the band join's keys), and the options in
                 the file's key-value metadata "resemble"; the shards 'resemble cluster --sketches'
                 reads. Written by DuckDB (npm package @duckdb/node-api; exit status 4 without it)`;

export async function sketchToParquet(args: ParsedArgs, spec: CorpusSpec, options: SketchOptions): Promise<void> {
  const out = args.values.get('out');
  if (out === undefined || out === '-') throw new UsageError('--output parquet needs --out FILE (a Parquet file, not standard output)', 'sketch');
  if (args.flags.has('json')) throw new UsageError('--json and --output parquet disagree; give one', 'sketch');
  if (args.flags.has('simhash')) throw new UsageError('--simhash is not written to Parquet (only min and bands are)', 'sketch');
  try {
    accessSync(dirname(resolve(out)), constants.W_OK);
  } catch (e) {
    throw inputErrorFor(dirname(out), e);
  }
  // DuckDB first: a machine without it stops here, before any document is read.
  const writer = await ParquetSketchWriter.open(out, shardMeta(options, SUPER_SHINGLES));
  try {
    const run = sketchCorpus(spec, { options, form: 'compact', simhash: false, superShingles: SUPER_SHINGLES }, corpusOptions(args, 'sketch'));
    for await (const d of run.docs) writer.add(d.name, d.values as Uint32Array, d.keys as Uint32Array);
  } catch (e) {
    writer.abort();
    throw e;
  }
  await writer.close();
}
