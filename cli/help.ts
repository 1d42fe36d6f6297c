import { version } from '../package.json';
import type { Command } from './command';
import { COMMANDS } from './commands/index';
import { padEnd } from './output';
import { sketchOptionsHelp } from './sketch-options';

export const VERSION: string = version;

const EXIT_STATUS = `Exit status:
  0  success
  1  an input could not be used: missing or unreadable file, a directory, binary data, empty
     (no words after removing markup); the message on stderr names the file
  2  usage error: unknown command or option, bad option value, wrong number of arguments
  3  internal error (a bug, or the CLI bundle is not built)`;

const INPUT = `Input: files are read as bytes and decoded (UTF-8, UTF-16 with a BOM, else windows-1252). Markup,
HTML or XML, is recognized by content (HTML's elements; an XML declaration, a root element spanning the
file, or most of its start inside tags): tags and their attributes, comments, processing instructions,
doctypes, scripts and styles are removed, CDATA kept as text and entities decoded.
Binary files are refused. '-' as a file name reads standard input.`;

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

Output: human-readable text, or with --json one JSON document on stdout. Errors and warnings are
one line each on stderr, starting with "resemble: ". A progress counter appears on stderr for runs
over many files, only when stderr is a terminal.

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
