import { version } from '../package.json';
import type { Command } from './command';
import { COMMANDS } from './commands/index';
import { PAGE_OPTIONS } from '../lib/index';
import { padEnd } from './output';
import { readCap } from './read-limited';
import { sketchOptionsHelp } from './sketch-options';

export const VERSION: string = version;

const EXIT_STATUS = `Exit status:
  0  success
  1  an input could not be used: missing or unreadable file, a directory where a file is needed,
     binary data, empty (no words after removing markup), a bad JSONL line; the message on stderr
     names the file (or FILE:LINE)
  2  usage error: unknown command or option, bad option value, wrong number of arguments
  3  internal error (a bug, or the CLI bundle is not built)
  4  an optional part the command needs is missing or fails to load: DuckDB (npm package
     @duckdb/node-api, an optional dependency), for Parquet output and cluster --sketches`;

const INPUT = `Input: files are read as bytes and decoded (UTF-8, UTF-16 with a BOM, else windows-1252). Markup,
HTML or XML, is recognized by content (HTML's elements; an XML declaration, a root element spanning the
file, or most of its start inside tags): tags and their attributes, comments, processing instructions,
doctypes, scripts and styles are removed, CDATA kept as text and entities decoded.
Binary files are refused. '-' as a file name reads standard input.
Only a document's first ${readCap(PAGE_OPTIONS.maxChars) >> 20} MB are read (4 bytes for each of the ${PAGE_OPTIONS.maxChars.toLocaleString('en')} characters a sketch
reads): a longer one is cut there, with a warning. Devices are refused; a pipe named as a file
(<(zcat a.gz)) is read, but the files a directory or a --files-from list names must be regular files.`;

/** `resemble --help`. */
export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return `resemble ${VERSION}: find near-duplicate documents with Broder's shingle min-hash sketches

Usage:
${COMMANDS.map((c) => `  resemble ${c.usage}`).join('\n')}
  resemble help [COMMAND]        help on a command (same as 'resemble COMMAND --help')
  resemble --version

Commands:
${COMMANDS.map((c) => `  ${padEnd(c.name, width)}${c.summary}`).join('\n')}

${sketchOptionsHelp()}

Output: human-readable text, or with --json one JSON document on stdout; cluster, nearest, sketch and
changes also print JSONL (--output jsonl, one JSON object a line). Errors and warnings are one line each on
stderr, starting with "resemble: ". A progress line (documents, MB/s, ETA) appears on stderr for
long runs, only when stderr is a terminal (or with --progress).

Corpora: cluster, nearest and sketch read directories (recursively; --include/--exclude globs),
--files-from LIST and --jsonl DOCS (one JSON document a line), streamed and sketched on every core;
'resemble cluster --help' says more, and --method picks min-hash, SimHash or both. changes compares
two snapshots of a corpus, each a directory, a JSONL file or a list ('resemble changes --help').

${INPUT}

${EXIT_STATUS}
`;
}

/** `resemble COMMAND --help`. */
export function commandHelp(c: Command): string {
  return `Usage: resemble ${c.usage} [--shingle W] [--sketch S] [--seed N]

${c.help}

${sketchOptionsHelp()}

${INPUT}

${EXIT_STATUS}
`;
}
