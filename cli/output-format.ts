import type { ParsedArgs } from './args';
import { UsageError } from './errors';

/** text: for people; json: one JSON document; jsonl: one JSON object a line (DuckDB, Spark, Polars read it as is). */
export type OutputFormat = 'text' | 'json' | 'jsonl';

export const OUTPUT_HELP = `  --output F     text (default), json (one JSON document; same as --json) or jsonl (one JSON
                 object a line)`;

/** The output format from --output and --json (the older spelling of --output json). */
export function outputFormat(args: ParsedArgs, command: string): OutputFormat {
  const raw = args.values.get('output');
  if (raw !== undefined && raw !== 'text' && raw !== 'json' && raw !== 'jsonl') {
    throw new UsageError(`--output must be text, json or jsonl, got '${raw}'`, command);
  }
  if (args.flags.has('json') && raw !== undefined && raw !== 'json') {
    throw new UsageError(`--json and --output ${raw} disagree; give one`, command);
  }
  return args.flags.has('json') ? 'json' : (raw ?? 'text');
}

/** One JSON object on one line of stdout (a JSONL row). */
export function writeJsonLine(value: unknown): boolean {
  return process.stdout.write(`${JSON.stringify(value)}\n`);
}
