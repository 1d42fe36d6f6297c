// The two snapshots `changes` compares (issue #40): each a directory (a positional), a JSONL file
// (--old-jsonl / --new-jsonl) or a list of files (--old-files-from / --new-files-from), and how a
// document of each is named: its id, the key the two sides are matched by.
import { Buffer } from 'node:buffer';
import { statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import type { ParsedArgs } from './args';
import type { CorpusSpec } from './corpus/types';
import { InputError, UsageError, inputErrorFor } from './errors';
import { readLimited, readStreamLimited } from './read-limited';

export type SideName = 'old' | 'new';

export interface Side {
  name: SideName;
  spec: CorpusSpec;
  /** The id of a document, from the name the corpus pipeline gives it. */
  id: (name: string) => string;
  /** This side's standard input: a list read ahead (to name its documents) is handed back through it. */
  stdin?: AsyncIterable<Uint8Array>;
}

export const SIDE_VALUES = ['old-jsonl', 'new-jsonl', 'old-files-from', 'new-files-from'];

/** OLD and NEW from the arguments; positionals (directories) fill the sides no option gave, OLD first. */
export async function changeSides(args: ParsedArgs, usage: string, command: string): Promise<[Side, Side]> {
  for (const plain of ['jsonl', 'files-from']) {
    if (args.values.has(plain)) throw new UsageError(`changes reads two corpora: give --old-${plain} or --new-${plain}, not --${plain}`, command);
  }
  const stdin = SIDE_VALUES.filter((k) => args.values.get(k) === '-').length;
  if (stdin > 1) throw new UsageError("standard input ('-') can be read by one side only", command);
  const given = (name: SideName) => {
    const jsonl = args.values.get(`${name}-jsonl`);
    const list = args.values.get(`${name}-files-from`);
    if (jsonl !== undefined && list !== undefined) throw new UsageError(`give ${name.toUpperCase()} once: --${name}-jsonl or --${name}-files-from`, command);
    return { jsonl, list, byOption: jsonl !== undefined || list !== undefined };
  };
  const old = given('old');
  const neu = given('new');
  // The count is checked before any side is read: a usage error wins over a missing directory.
  const wanted = (old.byOption ? 0 : 1) + (neu.byOption ? 0 : 1);
  const dirs = [...args.positionals];
  if (dirs.length < wanted) throw new UsageError(`missing ${dirs.length === 0 && !old.byOption ? 'OLD and NEW' : 'NEW'}; usage: resemble ${usage}`, command);
  if (dirs.length > wanted) throw new UsageError(`too many arguments ('${dirs[wanted]}'); usage: resemble ${usage}`, command);
  const side = async (name: SideName, { jsonl, list }: ReturnType<typeof given>): Promise<Side> => {
    const spec = baseSpec(args, command);
    if (jsonl !== undefined) return { name, spec: { ...spec, jsonl }, id: (n) => n };
    if (list !== undefined) return listSide(name, spec, list);
    return dirSide(name, spec, dirs.shift() as string, command);
  };
  return [await side('old', old), await side('new', neu)];
}

function baseSpec(args: ParsedArgs, command: string): CorpusSpec {
  const field = (name: string, fallback: string) => {
    const v = args.values.get(name) ?? fallback;
    if (!v.trim()) throw new UsageError(`--${name} must name a field`, command);
    return v;
  };
  return {
    paths: [],
    include: args.lists.get('include') ?? [],
    exclude: args.lists.get('exclude') ?? [],
    idField: field('id-field', 'id'),
    textField: field('text-field', 'text'),
  };
}

/** A directory: ids are paths relative to it, '/'-separated. */
function dirSide(name: SideName, spec: CorpusSpec, dir: string, command: string): Side {
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (e) {
    throw inputErrorFor(dir, e);
  }
  if (!isDir) {
    throw new UsageError(
      `${name.toUpperCase()} '${dir}' is not a directory: a JSONL file goes with --${name}-jsonl, a list of files with --${name}-files-from`,
      command,
    );
  }
  // A walk names files join(dir, rel): strip that prefix (relative() only as a fallback).
  const prefix = join(dir, 'x').slice(0, -1);
  const id = (n: string) => {
    const rel = n.startsWith(prefix) ? n.slice(prefix.length) : relative(dir, n);
    return sep === '/' ? rel : rel.split(sep).join('/');
  };
  return { name, spec: { ...spec, paths: [dir] }, id };
}

/**
 * A list of files: ids are the listed paths (normalized) less the leading directories all of them
 * share, as a walk of that directory would name them. The list is read here (once: it may be a pipe)
 * and handed to the pipeline as this side's standard input.
 */
async function listSide(name: SideName, spec: CorpusSpec, list: string): Promise<Side> {
  let data: Uint8Array;
  try {
    data = list === '-' ? (await readStreamLimited(process.stdin, Number.MAX_SAFE_INTEGER)).data : readLimited(list, Number.MAX_SAFE_INTEGER, true).data;
  } catch (e) {
    throw e instanceof InputError ? e : inputErrorFor(list, e);
  }
  let common: string[] | undefined;
  for (const line of Buffer.from(data).toString('utf8').split('\n')) {
    const p = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (p.trim() === '') continue;
    // As planFiles reads it: a '-' line is a file named '-' here.
    const dirs = posix
      .normalize(p === '-' ? './-' : p)
      .split('/')
      .slice(0, -1);
    if (common === undefined) common = dirs;
    else {
      let k = 0;
      while (k < common.length && k < dirs.length && common[k] === dirs[k]) k++;
      common.length = k;
    }
  }
  const prefix = common && common.length > 0 ? `${common.join('/')}/` : '';
  const id = (n: string) => {
    const p = posix.normalize(n);
    return p.startsWith(prefix) ? p.slice(prefix.length) : p;
  };
  const stdin = (async function* () {
    yield data;
  })();
  return { name, spec: { ...spec, filesFrom: '-' }, id, stdin };
}
