/**
 * Issue #40: `resemble changes OLD NEW` through the built CLI, on two small snapshots written here:
 * unchanged (and the same text under other markup), edited, rewritten, moved and edited, moved
 * unchanged, gone and new; given as directories, JSONL, lists and mixed; the JSONL contract, the
 * text summary, the JSON document, --stats and the usage errors.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, runCli, vocabWords } from './helpers/cli';

const doc = (seed: number) => vocabWords(seed, 400).join(' ');
/** One word in fifty changed: resemblance about 0.8 at 5-word shingles. */
const near = (seed: number) =>
  vocabWords(seed, 400)
    .map((w, i) => (i % 50 === 7 ? `x${w}` : w))
    .join(' ');

const OLD: Record<string, string> = {
  'same.txt': doc(1),
  'edited.txt': doc(2),
  'rewritten.txt': doc(3),
  'a/moved.txt': doc(4),
  'gone.txt': doc(5),
  'a/kept.txt': doc(7),
  'markup.html': `<html><body><p>${doc(8)}</p></body></html>`,
};
const NEW: Record<string, string> = {
  'same.txt': doc(1),
  'edited.txt': near(2),
  'rewritten.txt': `${vocabWords(3, 100).join(' ')} ${doc(30)}`,
  'b/renamed.txt': near(4),
  'fresh.txt': doc(6),
  'c/kept-here.txt': doc(7),
  'markup.html': `<html><body><div><b>${doc(8)}</b></div></body></html>`,
};

let dir: string;
const p = (...parts: string[]) => join(dir, ...parts);

/** The snapshot as a directory, a JSONL file and a list of its files, each in the walk's (sorted) order. */
function writeSide(name: string, files: Record<string, string>): void {
  const entries = Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [rel, text] of entries) {
    mkdirSync(dirname(p(name, rel)), { recursive: true });
    writeFileSync(p(name, rel), text);
  }
  writeFileSync(p(`${name}.jsonl`), entries.map(([id, text]) => `${JSON.stringify({ id, text })}\n`).join(''));
  writeFileSync(p(`${name}.list`), entries.map(([rel]) => `${p(name, rel)}\n`).join(''));
}

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'resemble-changes-'));
  writeSide('old', OLD);
  writeSide('new', NEW);
  writeFileSync(p('dup.jsonl'), `${JSON.stringify({ id: 'same.txt', text: doc(1) })}\n${JSON.stringify({ id: 'same.txt', text: doc(9) })}\n`);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[], input?: string) => runCli(args, input);

// biome-ignore lint/suspicious/noExplicitAny: the CLI's JSONL, read field by field
async function rows(args: string[], input?: string): Promise<any[]> {
  const r = await run(['changes', ...args, '--output', 'jsonl'], input);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

/** What the snapshots hold: status (and where it went) per OLD id, then the new ones. */
const EXPECTED = [
  ['edited.txt', 'changed'],
  ['markup.html', 'unchanged'],
  ['rewritten.txt', 'changed'],
  ['same.txt', 'unchanged'],
  ['a/kept.txt', 'moved', 'c/kept-here.txt'],
  ['a/moved.txt', 'moved', 'b/renamed.txt'],
  ['gone.txt', 'gone'],
  ['fresh.txt', 'new'],
];
const brief = (rs: { id: string; status: string; to?: string }[]) => rs.map((r) => [r.id, r.status, ...(r.to ? [r.to] : [])]);

describe.concurrent('changes', () => {
  it('classifies every OLD document, then lists the new ones, in the JSONL contract', async () => {
    const out = await rows([p('old'), p('new')]);
    expect(brief(out)).toEqual(EXPECTED);
    for (const r of out) {
      const keys = { moved: ['id', 'status', 'to', 'resemblance', 'containment'], new: ['id', 'status'] }[r.status as string];
      expect(Object.keys(r)).toEqual(keys ?? ['id', 'status', 'resemblance', 'containment']);
    }
    const by = new Map(out.map((r) => [r.id, r]));
    expect(by.get('same.txt')).toEqual({ id: 'same.txt', status: 'unchanged', resemblance: 1, containment: 1 });
    expect(by.get('markup.html').resemblance).toBe(1);
    expect(by.get('edited.txt').resemblance).toBeGreaterThan(0.6);
    expect(by.get('edited.txt').resemblance).toBeLessThan(1);
    expect(by.get('rewritten.txt').resemblance).toBeLessThan(0.3);
    expect(by.get('a/moved.txt').resemblance).toBeGreaterThan(0.6);
    expect(by.get('a/kept.txt')).toMatchObject({ resemblance: 1, containment: 1 });
    expect(by.get('gone.txt')).toEqual({ id: 'gone.txt', status: 'gone', resemblance: null, containment: null });
  });

  it('reads each side as JSONL, as a list, from standard input, or mixed, with the same result', async () => {
    const dirs = await rows([p('old'), p('new')]);
    expect(await rows(['--old-jsonl', p('old.jsonl'), '--new-jsonl', p('new.jsonl')])).toEqual(dirs);
    expect(await rows(['--old-files-from', p('old.list'), '--new-files-from', p('new.list')])).toEqual(dirs);
    expect(await rows(['--old-jsonl', p('old.jsonl'), p('new')])).toEqual(dirs);
    const list = Object.keys(NEW)
      .sort()
      .map((rel) => `${p('new', rel)}\n`)
      .join('');
    expect(await rows([p('old'), '--new-files-from', '-'], list)).toEqual(dirs);
  });

  it('prints a table and the summary of shares', async () => {
    const r = await run(['changes', p('old'), p('new')]);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^status\s+resemblance\s+containment\s+id$/);
    expect(r.stdout).toMatch(/^moved\s+100\.0%\s+100\.0%\s+a\/kept\.txt → c\/kept-here\.txt$/m);
    expect(r.stdout).toMatch(/^gone\s+gone\.txt$/m);
    expect(r.stdout).toContain('7 OLD documents (threshold 50.0%):');
    for (const [label, k, share] of <[string, number, string][]>[
      ['unchanged', 2, '28.6%'],
      ['slightly changed', 1, '14.3%'],
      ['heavily changed', 1, '14.3%'],
      ['moved', 2, '28.6%'],
      ['gone', 1, '14.3%'],
    ]) {
      expect(r.stdout).toMatch(new RegExp(`^  ${label}\\s+${k}\\s+${share.replace('.', '\\.')}  `, 'm'));
    }
    expect(r.stdout).toMatch(/^ {2}new\s+1\s+NEW documents nothing matched$/m);
  });

  it('prints one JSON document with the summary, and --stats for both sides', async () => {
    const r = await run(['changes', p('old'), p('new'), '--json', '--stats']);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/stats: 14 documents \(0 skipped\)/);
    const out = JSON.parse(r.stdout);
    expect(brief(out.documents)).toEqual(EXPECTED);
    expect(out.summary).toEqual({ old: 7, unchanged: 2, slightlyChanged: 1, heavilyChanged: 1, moved: 2, movedUnchanged: 1, gone: 1, new: 1, threshold: 0.5 });
    expect(out.stats.documents).toBe(14);
    expect(out.stats.joinedPairs).toBe(6);
  });

  it('finds less moved at a higher threshold, and says when ids repeat', async () => {
    const strict = await rows([p('old'), p('new'), '--threshold', '0.95']);
    expect(strict.find((r) => r.id === 'a/moved.txt').status).toBe('gone');
    const r = await run(['changes', '--old-jsonl', p('old.jsonl'), '--new-jsonl', p('dup.jsonl'), '--output', 'jsonl']);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/1 documents repeat an id/);
  });

  it.each([
    [['changes', 'x'], 2, /missing NEW/],
    [['changes', 'a', 'b', 'c'], 2, /too many arguments/],
    [['changes', '--jsonl', 'x.jsonl', 'y'], 2, /give --old-jsonl or --new-jsonl/],
    [['changes', '--old-jsonl', '-', '--new-files-from', '-'], 2, /one side only/],
    [['changes', '--old-jsonl', 'a', '--old-files-from', 'b', 'c'], 2, /give OLD once/],
    [['changes', 'a', 'b', '--threshold', '0'], 2, /--threshold must be/],
    [['changes', 'package.json', 'b'], 2, /OLD 'package.json' is not a directory/],
    [['changes', 'no-such-dir', 'b'], 1, /no-such-dir: no such file/],
  ])('exits with the status for %j', async (args, status, message) => {
    const r = await run(args as string[]);
    expect(r.status).toBe(status);
    expect(r.stderr).toMatch(message as RegExp);
  });
});
