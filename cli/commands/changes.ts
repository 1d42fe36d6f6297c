import { fractionOption } from '../args';
import { changeWriter } from '../changes-output';
import { runChanges } from '../changes-run';
import { SIDE_VALUES, changeSides } from '../changes-sides';
import type { Command } from '../command';
import { CORPUS_OPTIONS, corpusOptions } from '../corpus-args';
import { warn } from '../output';
import { OUTPUT_HELP, outputFormat } from '../output-format';
import { printStats } from '../run-stats';
import { sketchOptions } from '../sketch-options';

const USAGE = 'changes OLD NEW [--old-jsonl F] [--new-jsonl F] [--old-files-from F] [--new-files-from F] [--threshold T] [--stats] [--json | --output F]';
const DEFAULT_THRESHOLD = 0.5;

export const changes: Command = {
  name: 'changes',
  summary: 'what became of each document between two snapshots of a corpus',
  usage: USAGE,
  options: {
    flags: ['stats', ...CORPUS_OPTIONS.flags],
    // --jsonl and --files-from are taken only to say which side's option to give instead.
    values: ['threshold', 'output', ...SIDE_VALUES, ...CORPUS_OPTIONS.values],
    repeatable: CORPUS_OPTIONS.repeatable,
  },
  help: `Compares two snapshots of a corpus and says what became of each OLD document (the seed's
"characterizing how pages change over time", with its lost and found):
  unchanged  found under its id in NEW with the same text (the same words in order), or with
             sketches that agree on every sampled shingle (resemblance 1)
  changed    found under its id, edited
  moved      its id is not in NEW, but a NEW document no id matched resembles it at T or more: the
             most resembling one, one to one, best pairs first (same texts first)
  gone       neither
  new        a NEW document nothing matched
A document's id is its path relative to the directory given, its JSONL id (--id-field; a line
without one is named FILE:LINE, so it is matched by content only), or its listed path less the
leading directories every path of its list shares ('old/a.txt', 'old/b/c.txt': 'a.txt', 'b/c.txt').
A document found under its id is compared with that document only, however much it changed.

The two sides, each given once, in one of three ways:
  OLD, NEW       directories, read recursively (--include and --exclude apply to both)
  --old-jsonl F, --new-jsonl F
                 that side is the JSONL file F ('-': standard input)
  --old-files-from F, --new-files-from F
                 that side is the files listed in F, one a line ('-': standard input)
Positionals fill the sides no option gave, OLD first ('changes --old-jsonl old.jsonl new/').
Standard input can be read by one side only.

Options:
  --threshold T  resemblance a moved document needs, and the cut between slightly and heavily
                 changed in the summary: a fraction in (0, 1] (default ${DEFAULT_THRESHOLD}, the seed's "roughly the same")
  --stats        print on stderr documents (both sides), bytes, time, rates, peak memory and bytes per
                 document (with --output json also as "stats" in the JSON)
${OUTPUT_HELP}
                 --output jsonl: one line per OLD document, {"id", "status": "unchanged" | "changed"
                 | "moved" | "gone", "to" (moved only: its NEW id), "resemblance", "containment"}:
                 the estimated resemblance of the OLD document and its NEW one, and the containment
                 of OLD in NEW (both null when gone); then {"id", "status": "new"} per NEW document
                 nothing matched. The documents found under their id come as OLD is read, then the
                 moved and gone ones in OLD's order, then the new ones in NEW's order.
  --json         print {"documents": [those objects], "summary": {"old", "unchanged",
                 "slightlyChanged", "heavilyChanged", "moved", "movedUnchanged", "gone", "new",
                 "threshold"}}
Text: those rows as a table, then the summary: the share of OLD's documents unchanged, slightly
changed (resemblance ≥ T to the version before), heavily changed (below T), moved and gone, and how
many are new.

Memory: NEW is kept as compact sketches (about 600 bytes a document with its id at the default
--sketch 128), OLD only for the documents not found under their id; no text is kept. --include,
--exclude, --id-field, --text-field, --skip-bad, --workers and --progress are cluster's corpus
input options.`,

  async run(args) {
    const threshold = fractionOption(args, 'threshold', DEFAULT_THRESHOLD, 'changes');
    const format = outputFormat(args, 'changes');
    const options = sketchOptions(args, 'changes');
    const corpus = corpusOptions(args, 'changes');
    const sides = await changeSides(args, USAGE, 'changes');
    const out = changeWriter(format);
    const { tally, stats } = await runChanges(sides, options, corpus, threshold, (r) => out.row(r));
    if (args.flags.has('stats')) printStats(stats);
    if (stats.documents === 0) warn('no documents were read (empty inputs, or --include matched nothing)');
    out.end(tally, format === 'json' && args.flags.has('stats') ? stats : undefined);
  },
};
