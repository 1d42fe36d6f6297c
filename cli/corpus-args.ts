import { availableParallelism } from 'node:os';
import { type OptionSpec, type ParsedArgs, intOption } from './args';
import type { CorpusOptions, CorpusSpec } from './corpus/types';
import { UsageError } from './errors';

/** Options of the commands that read a corpus (cluster, nearest, sketch). */
export const CORPUS_OPTIONS: OptionSpec = {
  flags: ['skip-bad', 'progress'],
  values: ['include', 'exclude', 'files-from', 'jsonl', 'id-field', 'text-field', 'workers'],
  repeatable: ['include', 'exclude'],
};

/** Most threads `--workers` takes: more than the cores only adds switching. */
const MAX_WORKERS = 256;

/** The --help lines for the corpus options. */
export const CORPUS_HELP = `Corpus input (any mix; read in this order):
  FILES          files, '-' (standard input, one document) and directories (read recursively,
                 in sorted order)
  --include GLOB read only the files under a directory that match GLOB; repeatable. A glob with
                 a '/' matches the path relative to the directory ('docs/**/*.md'), one without
                 matches the name at any depth ('*.txt'), as in .gitignore
  --exclude GLOB leave out the files and directories under a directory that match; repeatable
  --files-from F read the paths listed in F, one a line ('-': standard input)
  --jsonl F      read documents from F, one JSON object a line ('-': standard input)
  --id-field K   the JSONL field naming a document (default "id"; FILE:LINE when absent)
  --text-field K the JSONL field holding its text (default "text"; HTML or XML is read as markup)
  --skip-bad     report unusable documents (missing, binary, empty, a bad JSONL line, ...) on
                 stderr and leave them out, instead of stopping with exit status 1
  --workers N    sketching threads (default: the cores, ${availableParallelism()} here); 1 sketches on the main thread
  --progress     show the progress line (documents, MB/s, ETA) even when stderr is not a terminal
Documents are streamed: each is read, sketched and dropped; only its sketch is kept.`;

/** The corpus a command reads: `paths` (its positionals) plus the corpus options. */
export function corpusSpec(args: ParsedArgs, paths: string[], command: string): CorpusSpec {
  const field = (name: string, fallback: string) => {
    const v = args.values.get(name) ?? fallback;
    if (!v.trim()) throw new UsageError(`--${name} must name a field`, command);
    return v;
  };
  const spec: CorpusSpec = {
    paths,
    include: args.lists.get('include') ?? [],
    exclude: args.lists.get('exclude') ?? [],
    filesFrom: args.values.get('files-from'),
    jsonl: args.values.get('jsonl'),
    idField: field('id-field', 'id'),
    textField: field('text-field', 'text'),
  };
  const stdin = [...paths.filter((p) => p === '-'), spec.filesFrom, spec.jsonl].filter((p) => p === '-').length;
  if (stdin > 1) throw new UsageError("standard input ('-') can be read only once: as a file, by --files-from or by --jsonl", command);
  return spec;
}

/** True when the command was given any document at all. */
export function hasCorpus(spec: CorpusSpec): boolean {
  return spec.paths.length > 0 || spec.filesFrom !== undefined || spec.jsonl !== undefined;
}

export function corpusOptions(args: ParsedArgs, command: string, label = 'sketching'): CorpusOptions {
  return {
    workers: intOption(args, 'workers', Math.max(1, availableParallelism()), 1, MAX_WORKERS, command),
    skipBad: args.flags.has('skip-bad'),
    progress: args.flags.has('progress'),
    label,
  };
}
