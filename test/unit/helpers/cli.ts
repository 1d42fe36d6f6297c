// The CLI as its tests run it: `node bin/resemble.mjs ARGS` from the repository, and the made-up prose
// the corpus commands' tests cluster (one copy for the four test files that had their own).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../..', import.meta.url));
export const bin = join(root, 'bin', 'resemble.mjs');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI asynchronously (concurrent tests overlap), `input` on its standard input. */
export function runCli(args: string[], input = '', timeout = 30_000): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, timeout });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Deterministic unrelated prose: words drawn from a large made-up vocabulary. */
export function vocabWords(seed: number, n: number): string[] {
  let x = seed * 2654435761 + 1;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) | 0;
    out.push(`w${((x >>> 0) % 50000).toString(36)}`);
  }
  return out;
}
