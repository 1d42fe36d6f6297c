// The Parquet shards `cluster --sketches` reads (issue #42): each checked (a Parquet file, the three
// columns, resemble's metadata), all made with the same options, then laid out as one table `docs`
// numbered in input order: shard by shard as given, rows in file order.
import { statSync } from 'node:fs';
import { InputError, inputErrorFor } from '../errors';
import { SHARD_FORMAT, META_KEY, SKETCH_COLUMNS, type ShardMeta } from './sketch-parquet';
import { type DuckSession, sqlString } from './session';

/** A DuckDB error's first line, without its class prefix ("IO Error: …"). */
function reason(e: unknown): string {
  const m = (e instanceof Error ? e.message : String(e)).split('\n')[0];
  return m.replace(/^[A-Za-z ]*Error: /, '');
}

async function shardMeta(duck: DuckSession, file: string): Promise<ShardMeta> {
  let rows: unknown[][];
  try {
    statSync(file);
  } catch (e) {
    throw inputErrorFor(file, e);
  }
  try {
    rows = (await duck.con.runAndReadAll(`SELECT decode(key), decode(value) FROM parquet_kv_metadata(${sqlString(file)})`)).getRows();
  } catch (e) {
    throw new InputError(file, `not a Parquet file DuckDB can read (${reason(e)})`);
  }
  const raw = rows.find((r) => r[0] === META_KEY)?.[1];
  let meta: ShardMeta | undefined;
  try {
    meta = typeof raw === 'string' ? (JSON.parse(raw) as ShardMeta) : undefined;
  } catch {
    meta = undefined;
  }
  if (meta?.format !== SHARD_FORMAT)
    throw new InputError(
      file,
      `no resemble sketches in it (no "${META_KEY}" metadata of format ${SHARD_FORMAT}: write shards with 'resemble sketch --output parquet')`,
    );
  const cols = (await duck.con.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${sqlString(file)})`)).getRows();
  for (const [name, type] of SKETCH_COLUMNS) {
    const got = cols.find((c) => c[0] === name)?.[1];
    if (got !== type) throw new InputError(file, `column ${name} is ${got ?? 'missing'}, not ${type}`);
  }
  return meta;
}

const AGREE = ['shingle', 'size', 'seed', 'bands', 'rows'] as const;
const described = (m: ShardMeta) => AGREE.map((k) => `${k} ${m[k]}`).join(', ');

/**
 * Checks every shard and builds `docs (doc INTEGER, id VARCHAR, min UINTEGER[], bands UINTEGER[])`;
 * returns the options they share. Shards made with other options cannot be compared: exit status 1.
 */
export async function loadShards(duck: DuckSession, files: readonly string[]): Promise<ShardMeta> {
  const metas: ShardMeta[] = [];
  for (const f of files) metas.push(await shardMeta(duck, f));
  metas.forEach((m, k) => {
    if (AGREE.some((key) => m[key] !== metas[0][key])) {
      throw new InputError(files[k], `sketched with ${described(m)}, but ${files[0]} with ${described(metas[0])}: only sketches made alike compare`);
    }
  });
  // A row without an id is named FILE:ROW, as a JSONL line without one is named FILE:LINE.
  const parts = files.map(
    (f, k) =>
      `SELECT ${k} AS shard, file_row_number AS r, coalesce(id, ${sqlString(`${f}:`)} || (file_row_number + 1)) AS id, min, bands FROM read_parquet(${sqlString(f)}, file_row_number = true)`,
  );
  await duck.con.run(
    `CREATE TABLE docs AS SELECT (row_number() OVER (ORDER BY shard, r) - 1)::INTEGER AS doc, id, min, bands FROM (${parts.join(' UNION ALL ')})`,
  );
  return metas[0];
}
