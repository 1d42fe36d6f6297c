// One DuckDB database for one command's run: a file in a scratch directory, so tables larger than
// memory spill to disk (out of core), removed with everything in it when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckApi, type DuckBindings, type DuckConnection, loadDuckDB } from './load';

export interface DuckSession {
  api: DuckApi;
  bindings: DuckBindings;
  con: DuckConnection;
  close(): void;
}

/** Opens the run's database (throws UnavailableError, exit status 4, when DuckDB cannot be loaded). */
export async function openDuck(): Promise<DuckSession> {
  const { api, bindings } = loadDuckDB();
  const dir = mkdtempSync(join(tmpdir(), 'resemble-duckdb-'));
  let closed = false;
  const drop = () => rmSync(dir, { recursive: true, force: true });
  try {
    const db = await api.DuckDBInstance.create(join(dir, 'run.duckdb'), { temp_directory: join(dir, 'spill') });
    const con = await db.connect();
    return {
      api,
      bindings,
      con,
      close() {
        if (closed) return;
        closed = true;
        con.closeSync();
        db.closeSync();
        drop();
      },
    };
  } catch (e) {
    drop();
    throw e;
  }
}

/** A SQL string literal. */
export function sqlString(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}
