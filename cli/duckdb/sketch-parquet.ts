// `resemble sketch --output parquet` (issue #42): one row a document, written by DuckDB. Rows are
// gathered into data chunks of typed arrays (no value a call), appended to a table in the run's
// database (spilling to disk past memory), then copied out with COPY … (FORMAT PARQUET).
import { renameSync, rmSync } from 'node:fs';
import type { SketchOptions, SuperShingleOptions } from '../../lib/index';
import type { DuckAppender, DuckChunk } from './load';
import { type DuckSession, openDuck, sqlString } from './session';

/**
 * The Parquet schema (pinned by test/unit/cli-parquet.test.ts):
 *   id     VARCHAR      the document's name: its JSONL id, path, or FILE:LINE
 *   min    UINTEGER[]   its compact MIN_s values, ascending (each fingerprint's top 32 bits)
 *   bands  UINTEGER[]   its super shingles, band b at index b + 1 (the band join's keys)
 * and a key-value entry "resemble" holding ShardMeta as JSON: the options the sketches were made with.
 */
export const SKETCH_COLUMNS = [
  ['id', 'VARCHAR'],
  ['min', 'UINTEGER[]'],
  ['bands', 'UINTEGER[]'],
] as const;
export const META_KEY = 'resemble';
export const SHARD_FORMAT = 'resemble-sketches/1';

export interface ShardMeta {
  format: typeof SHARD_FORMAT;
  shingle: number;
  size: number;
  seed: number;
  bands: number;
  rows: number;
}

export function shardMeta(o: SketchOptions, s: SuperShingleOptions): ShardMeta {
  return { format: SHARD_FORMAT, shingle: o.shingle, size: o.size, seed: o.seed, bands: s.bands, rows: s.rows };
}

/** Rows a data chunk holds (DuckDB's vector size). */
const CHUNK_ROWS = 2048;

export class ParquetSketchWriter {
  private ids: string[] = [];
  private values: Uint32Array[] = [];
  private keys: Uint32Array[] = [];
  private chunk: DuckChunk;
  rows = 0;

  private constructor(
    private duck: DuckSession,
    private appender: DuckAppender,
    private out: string,
    private meta: ShardMeta,
  ) {
    const { api } = duck;
    this.chunk = api.DuckDBDataChunk.create([api.VARCHAR, api.LIST(api.UINTEGER), api.LIST(api.UINTEGER)]);
  }

  static async open(out: string, meta: ShardMeta): Promise<ParquetSketchWriter> {
    const duck = await openDuck();
    try {
      await duck.con.run(`CREATE TABLE sketches (${SKETCH_COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')})`);
      return new ParquetSketchWriter(duck, await duck.con.createAppender('sketches'), out, meta);
    } catch (e) {
      duck.close();
      throw e;
    }
  }

  /** One document (its arrays are held until the chunk fills: the pipeline never reuses them). */
  add(id: string, values: Uint32Array, keys: Uint32Array): void {
    this.ids.push(id);
    this.values.push(values);
    this.keys.push(keys);
    this.rows++;
    if (this.ids.length === CHUNK_ROWS) this.flush();
  }

  private flush(): void {
    const n = this.ids.length;
    if (n === 0) return;
    const b = this.duck.bindings;
    const c = this.chunk.chunk;
    b.data_chunk_reset(c);
    const id = b.data_chunk_get_vector(c, 0);
    for (let i = 0; i < n; i++) b.vector_assign_string_element(id, i, this.ids[i]);
    this.fillList(b.data_chunk_get_vector(c, 1), this.values);
    this.fillList(b.data_chunk_get_vector(c, 2), this.keys);
    b.data_chunk_set_size(c, n);
    this.appender.appendDataChunk(this.chunk);
    this.ids = [];
    this.values = [];
    this.keys = [];
  }

  /** A LIST vector: its (offset, length) entries, 2 × uint64 little-endian, then the flat child values. */
  private fillList(vector: unknown, lists: Uint32Array[]): void {
    const b = this.duck.bindings;
    let total = 0;
    for (const l of lists) total += l.length;
    const entries = new Uint32Array(lists.length * 4);
    const flat = new Uint32Array(total);
    let at = 0;
    lists.forEach((l, i) => {
      entries[4 * i] = at;
      entries[4 * i + 2] = l.length;
      flat.set(l, at);
      at += l.length;
    });
    b.list_vector_reserve(vector, total);
    b.list_vector_set_size(vector, total);
    b.copy_data_to_vector(vector, 0, entries.buffer, 0, entries.byteLength);
    if (total > 0) b.copy_data_to_vector(b.list_vector_get_child(vector), 0, flat.buffer, 0, flat.byteLength);
  }

  /** Writes the file (under a temporary name, renamed when complete) and closes the database. */
  async close(): Promise<void> {
    const part = `${this.out}.part-${process.pid}`;
    try {
      this.flush();
      this.appender.closeSync();
      const meta = sqlString(JSON.stringify(this.meta));
      await this.duck.con.run(`COPY sketches TO ${sqlString(part)} (FORMAT PARQUET, COMPRESSION zstd, KV_METADATA {${META_KEY}: ${meta}})`);
      renameSync(part, this.out);
    } finally {
      rmSync(part, { force: true });
      this.duck.close();
    }
  }

  /** Drops everything written (a failed run leaves no file). */
  abort(): void {
    try {
      this.appender.closeSync();
    } catch {
      // Closing flushes; a failed run's rows are dropped with the database anyway.
    }
    this.duck.close();
  }
}
