/**
 * Issue #38 through the built CLI: a FIFO in a --files-from list is skipped, never waited on (on the
 * main thread and on worker threads); every command reads at most a bounded prefix of a document and
 * says so on stderr; /dev/zero ends at once; a saved page of 20,000 nested divs is read.
 * The read limit is 4 bytes a character for the characters a sketch reads (cli/read-limited.ts
 * readCap): RESEMBLE_MAX_CHARS lowers those characters, so a few KB stand for 256 MB.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../scripts/build-cli.mjs';

let dir: string;
let cli: string;
const p = (name: string) => join(dir, name);
const words = (seed: number, n = 400) => Array.from({ length: n }, (_, i) => `w${(i * 7919 + seed * 104729) % 50021}`).join(' ');

/** RESEMBLE_MAX_CHARS=1000: a document is read up to 4,004 bytes. */
const SMALL_CAP = { RESEMBLE_MAX_CHARS: '1000' };
const CAP = 4004;
/** Text past the cap, then NULs: read whole, the file is binary; read up to the cap, it is text. */
const pastCap = (text: string) => Buffer.concat([Buffer.from(text.padEnd(CAP + 500).slice(0, CAP + 500)), Buffer.alloc(2000)]);
const LONG = CAP + 2500;
const longText = (seed: number) => pastCap(words(seed, 2000));

let fifo: string | undefined;
let fifo2: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'resemble-limits-'));
  const out = join(dir, 'dist');
  await buildCli({ quiet: true, outdir: out });
  cli = join(dir, 'run.mjs');
  writeFileSync(cli, `const { main } = await import(${JSON.stringify(join(out, 'resemble.mjs'))});\nprocess.exitCode = await main(process.argv.slice(2));\n`);
  writeFileSync(p('a.txt'), words(1));
  writeFileSync(p('b.txt'), words(2));
  writeFileSync(p('long.txt'), longText(3));
  writeFileSync(p('prefix.txt'), longText(3).subarray(0, CAP));
  const page = ['one', 'two', 'three']
    .map((w, i) => `<div><a href="https://${w}.example/page"><h3>The ${w} result title</h3></a><p>A snippet about ${w} ${words(i, 20)}</p></div>`)
    .join('');
  writeFileSync(p('long.html'), pastCap(`<html><body>${page}</body></html>`));
  const depth = 20_000;
  writeFileSync(
    p('nested.html'),
    `<html><body>${'<div>'.repeat(depth)}<a href="https://deep.example/x"><h3>A deep title</h3></a> text${'</div>'.repeat(depth)}</body></html>`,
  );
  for (let i = 0; i < 300; i++) writeFileSync(p(`many-${i}.txt`), words(100 + i, 60));
  try {
    execFileSync('mkfifo', [p('fifo'), p('fifo2')]);
    [fifo, fifo2] = [p('fifo'), p('fifo2')];
  } catch {
    // No mkfifo here: the FIFO tests are skipped.
  }
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI; a run still going after `timeout` ms is killed (status null): a hang fails, not blocks. */
function run(args: string[], o: { env?: Record<string, string>; input?: string | Buffer; stdinFile?: string; timeout?: number } = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const stdinFd = o.stdinFile ? openSync(o.stdinFile, 'r') : undefined;
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: dir,
      timeout: o.timeout ?? 20_000,
      env: { ...process.env, ...o.env },
      stdio: [stdinFd ?? 'pipe', 'pipe', 'pipe'],
    });
    if (stdinFd !== undefined) closeSync(stdinFd);
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
    child.stdin?.end(o.input ?? '');
  });
}

const cutNote = (name: string, size?: number) =>
  `resemble: ${name}: longer than the read limit, only its first ${CAP} bytes were read${size === undefined ? '' : ` (of ${size} bytes)`}\n`;

describe.concurrent('a FIFO in a --files-from list (issue #38)', () => {
  it.skipIf(!existsSync('/dev/null'))('is skipped as not a regular file on the main thread, or stops the run without --skip-bad', async () => {
    if (!fifo) return;
    writeFileSync(p('list.txt'), `${p('a.txt')}\n${fifo}\n${p('b.txt')}\n`);
    const r = await run(['cluster', '--files-from', p('list.txt'), '--workers', '1', '--skip-bad', '--json']);
    expect(r.stderr).toBe(`resemble: ${fifo}: not a regular file (skipped)\n`);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).clusters.flat()).toEqual([p('a.txt'), p('b.txt')]);
    const strict = await run(['sketch', '--files-from', p('list.txt'), '--workers', '1', '--json']);
    expect(strict.stderr).toBe(`resemble: ${fifo}: not a regular file\n`);
    expect(strict.status).toBe(1);
  });

  it.skipIf(!existsSync('/dev/null'))('is skipped by the worker threads too (which read files themselves)', async () => {
    if (!fifo) return;
    const files = Array.from({ length: 300 }, (_, i) => p(`many-${i}.txt`));
    writeFileSync(p('many.txt'), `${[...files.slice(0, 150), fifo, ...files.slice(150)].join('\n')}\n`);
    const r = await run(['cluster', '--files-from', p('many.txt'), '--workers', '2', '--skip-bad', '--stats', '--json']);
    expect(r.stderr).toContain(`resemble: ${fifo}: not a regular file (skipped)\n`);
    expect(r.stderr).toMatch(/stats: 300 documents \(1 skipped\).*, 2 sketching threads/);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).clusters.flat()).toHaveLength(300);
  });

  it.skipIf(!existsSync('/dev/null'))('named on the command line, a pipe is still read (as <(zcat a.gz) is)', async () => {
    if (!fifo2) return;
    const writer = spawn('sh', ['-c', `cat '${p('a.txt')}' > '${fifo2}'`]);
    const r = await run(['compare', fifo2, p('a.txt'), '--json']);
    await new Promise((done) => (writer.exitCode === null ? writer.on('exit', done) : done(null)));
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).resemblance).toBe(1);
  });
});

describe.concurrent('every command reads at most the read limit of a document, and says so (issue #38)', () => {
  it('compare: the start of a long file, as if it were the whole; the JSON as before', async () => {
    const long = await run(['compare', p('long.txt'), p('a.txt'), '--json'], { env: SMALL_CAP });
    const prefix = await run(['compare', p('prefix.txt'), p('a.txt'), '--json'], { env: SMALL_CAP });
    expect(long.stderr).toBe(cutNote(p('long.txt'), LONG));
    expect(long.status).toBe(0);
    expect(prefix.stderr).toBe('');
    expect(long.stdout).toBe(prefix.stdout);
    expect(Object.keys(JSON.parse(long.stdout))).toEqual(['resemblance', 'containment']);
  });

  it('sketch: "cut" in the JSON (the bytes read) beside "truncated"; standard input likewise', async () => {
    const long = await run(['sketch', p('long.txt'), '--json'], { env: SMALL_CAP });
    const prefix = await run(['sketch', p('prefix.txt'), '--json'], { env: SMALL_CAP });
    expect(long.stderr).toBe(cutNote(p('long.txt'), LONG));
    const [l, f] = [JSON.parse(long.stdout), JSON.parse(prefix.stdout)];
    expect(l).toMatchObject({ cut: CAP, truncated: true, min: f.min, whole: f.whole });
    expect(f.cut).toBeUndefined();
    const piped = await run(['sketch', '-', '--output', 'jsonl'], { env: SMALL_CAP, input: longText(3) });
    expect(piped.stderr).toBe(cutNote('standard input'));
    expect(JSON.parse(piped.stdout)).toMatchObject({ file: '-', cut: CAP, min: f.min });
  });

  it("nearest: its QUERY (and the corpus's documents) cut at the limit", async () => {
    const r = await run(['nearest', p('long.txt'), p('prefix.txt'), p('long.html'), '--json'], { env: SMALL_CAP });
    expect(r.stderr).toBe(`${cutNote(p('long.txt'), LONG)}${cutNote(p('long.html'), LONG)}`);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).results[0]).toEqual({ file: p('prefix.txt'), resemblance: 1, containment: 1 });
  });

  it('serp: the start of a long saved page', async () => {
    const r = await run(['serp', p('long.html'), '--json'], { env: SMALL_CAP });
    expect(r.stderr).toBe(cutNote(p('long.html'), LONG));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).results.map((x: { url: string }) => x.url)).toEqual([
      'https://one.example/page',
      'https://two.example/page',
      'https://three.example/page',
    ]);
  });

  it.skipIf(!existsSync('/dev/zero'))(
    '/dev/zero ends at once: refused as a device (a file, a list, JSONL); read from standard input, only up to the limit',
    async () => {
      const device = await run(['compare', '/dev/zero', p('a.txt')], { timeout: 5000 });
      expect(device.stderr).toBe('resemble: /dev/zero: not a regular file\n');
      expect(device.status).toBe(1);
      // A device given as the list or as JSONL is no list or file of documents either.
      for (const opt of ['--files-from', '--jsonl']) {
        const r = await run(['cluster', opt, '/dev/zero'], { timeout: 5000 });
        expect(r.stderr).toBe('resemble: /dev/zero: not a regular file\n');
        expect(r.status).toBe(1);
      }
      const stdin = await run(['compare', '-', p('a.txt')], { stdinFile: '/dev/zero', env: SMALL_CAP, timeout: 5000 });
      expect(stdin.stderr).toBe(
        `${cutNote('standard input')}resemble: standard input: binary input (${CAP} control bytes in the first ${CAP}), not text or HTML\n`,
      );
      expect(stdin.status).toBe(1);
    },
  );
});

describe('a deep page (issue #38)', () => {
  it('serp reads a saved page of 20,000 nested divs', async () => {
    const r = await run(['serp', p('nested.html'), '--json'], { timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      engine: 'unknown',
      reader: 'structure',
      results: [{ rank: 1, url: 'https://deep.example/x', title: 'A deep title' }],
    });
  }, 70_000);
});
