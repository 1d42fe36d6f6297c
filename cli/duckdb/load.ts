// DuckDB (issue #42) is an optional dependency, loaded only by the commands that need it (Parquet out,
// cluster --sketches): a machine where it cannot install keeps every other command, and these say why
// in one line and exit with status 4 (../errors.ts). Only the few calls used are typed here, so the
// CLI type-checks and bundles without the package (scripts/build-cli.mjs keeps it external).
import { createRequire } from 'node:module';
import { isAbsolute, resolve } from 'node:path';
import { UnavailableError } from '../errors';

/** The package, as pinned in package.json's optionalDependencies. */
export const DUCKDB_PACKAGE = '@duckdb/node-api';
export const DUCKDB_VERSION = '1.5.6-r.1';

export interface DuckChunk {
  readonly chunk: unknown;
  readonly rowCount: number;
  getColumnValues(column: number): unknown[];
}
export interface DuckResult {
  fetchChunk(): Promise<DuckChunk | null>;
}
export interface DuckAppender {
  appendDataChunk(chunk: DuckChunk): void;
  closeSync(): void;
}
export interface DuckConnection {
  run(sql: string, values?: unknown[]): Promise<unknown>;
  runAndReadAll(sql: string, values?: unknown[]): Promise<{ getRows(): unknown[][] }>;
  stream(sql: string, values?: unknown[]): Promise<DuckResult>;
  createAppender(table: string): Promise<DuckAppender>;
  closeSync(): void;
}
export interface DuckInstance {
  connect(): Promise<DuckConnection>;
  closeSync(): void;
}
export interface DuckApi {
  DuckDBInstance: { create(path: string, options?: Record<string, string>): Promise<DuckInstance> };
  DuckDBDataChunk: { create(types: readonly unknown[], rowCount?: number): DuckChunk };
  VARCHAR: unknown;
  UINTEGER: unknown;
  LIST(child: unknown): unknown;
}
/** The C API calls that fill a data chunk from typed arrays (the appender's per-value path costs ~400 µs a row). */
export interface DuckBindings {
  data_chunk_reset(chunk: unknown): void;
  data_chunk_set_size(chunk: unknown, size: number): void;
  data_chunk_get_vector(chunk: unknown, column: number): unknown;
  vector_assign_string_element(vector: unknown, index: number, str: string): void;
  list_vector_reserve(vector: unknown, capacity: number): void;
  list_vector_set_size(vector: unknown, size: number): void;
  list_vector_get_child(vector: unknown): unknown;
  copy_data_to_vector(vector: unknown, byteOffset: number, source: ArrayBuffer, sourceOffset: number, bytes: number): void;
}

let loaded: { spec: string; api: DuckApi; bindings: DuckBindings } | undefined;

/**
 * The package (RESEMBLE_DUCKDB_MODULE names another module or path instead: tests point it at one that
 * is missing or throws), or an UnavailableError saying what failed and how to install it.
 */
export function loadDuckDB(): { api: DuckApi; bindings: DuckBindings } {
  const spec = process.env.RESEMBLE_DUCKDB_MODULE || DUCKDB_PACKAGE;
  if (loaded?.spec === spec) return loaded;
  const req = createRequire(import.meta.url);
  const install = `install it with 'npm install ${DUCKDB_PACKAGE}@${DUCKDB_VERSION}'`;
  let path: string;
  try {
    path = req.resolve(spec.startsWith('.') || isAbsolute(spec) ? resolve(spec) : spec);
  } catch {
    throw new UnavailableError(`DuckDB (${spec}) is not installed; Parquet and cluster --sketches need it: ${install}`);
  }
  try {
    const api = req(path) as DuckApi;
    const bindings = createRequire(path)('@duckdb/node-bindings') as DuckBindings;
    if (typeof api.DuckDBInstance?.create !== 'function' || typeof bindings.copy_data_to_vector !== 'function') throw new Error('not the DuckDB Node API');
    loaded = { spec, api, bindings };
    return loaded;
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    throw new UnavailableError(`DuckDB (${spec}) failed to load (${why}); Parquet and cluster --sketches need it: ${install}`);
  }
}
