import type { OptionSpec, ParsedArgs } from './args';

/** One subcommand: its help text, the options it takes besides the common ones, and its action. */
export interface Command {
  name: string;
  /** One line for the command list in `resemble --help`. */
  summary: string;
  /** Synopsis without the program name, e.g. "compare A B [--exact] [--json]". */
  usage: string;
  /** The body of `resemble COMMAND --help`: what it does, its options, its output. */
  help: string;
  /** Options of this command only; --json, --help and the sketch options are added to every command. */
  options: OptionSpec;
  run(args: ParsedArgs): Promise<void>;
}
