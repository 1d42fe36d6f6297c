import { type OptionSpec, parseArgs, wantsHelp } from './args';
import { COMMANDS, findCommand } from './commands/index';
import { CliError, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, UsageError } from './errors';
import { VERSION, commandHelp, mainHelp } from './help';
import { warn } from './output';
import { SKETCH_VALUE_OPTIONS } from './sketch-options';

/** Options every command takes besides its own. */
const COMMON: OptionSpec = { flags: ['json', 'help'], values: SKETCH_VALUE_OPTIONS };

/**
 * Runs the CLI on `argv` (the arguments after the program name) and resolves to the exit status.
 * Results go to stdout, diagnostics to stderr; nothing here calls process.exit, so output is flushed.
 */
export async function main(argv: readonly string[]): Promise<number> {
  ignoreBrokenPipe();
  try {
    return await dispatch(argv);
  } catch (e) {
    return report(e);
  }
}

async function dispatch(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    process.stderr.write(mainHelp());
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h') return print(mainHelp());
  if (first === '--version') return print(`${VERSION}\n`);
  if (first === 'help') {
    if (rest.length === 0) return print(mainHelp());
    const c = findCommand(rest[0]);
    if (!c || rest.length > 1) throw new UsageError(c ? 'help takes one command name' : `unknown command '${rest[0]}'`);
    return print(commandHelp(c));
  }
  if (first.startsWith('-')) throw new UsageError(`unknown option '${first}'; a command comes first`);
  const command = findCommand(first);
  if (!command) throw new UsageError(`unknown command '${first}'; commands: ${COMMANDS.map((c) => c.name).join(', ')}`);
  if (wantsHelp(rest)) return print(commandHelp(command));
  const spec: OptionSpec = {
    flags: [...command.options.flags, ...COMMON.flags],
    values: [...command.options.values, ...COMMON.values],
    repeatable: command.options.repeatable,
  };
  await command.run(parseArgs(rest, spec, command.name));
  return EXIT_OK;
}

function print(text: string): number {
  process.stdout.write(text);
  return EXIT_OK;
}

/** One line on stderr; the exit status says what kind of failure it was. */
function report(e: unknown): number {
  if (e instanceof UsageError) {
    const where = e.command ? `${e.command}: ` : '';
    const hint = e.message.includes('usage: ') ? '' : ` (see 'resemble ${e.command ? `${e.command} ` : ''}--help')`;
    warn(`${where}${e.message}${hint}`);
    return e.exitCode;
  }
  if (e instanceof CliError) {
    warn(e.message);
    return e.exitCode;
  }
  const message = e instanceof Error ? e.message : String(e);
  warn(`internal error: ${message}`);
  if (process.env.RESEMBLE_DEBUG && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
  return EXIT_INTERNAL;
}

/** `resemble ... | head` closes stdout early: stop quietly instead of crashing on EPIPE. */
let pipeHandled = false;
function ignoreBrokenPipe(): void {
  if (pipeHandled) return;
  pipeHandled = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(EXIT_OK);
    throw e;
  });
}
