import { containment, resemblance } from '../../lib/index';
import { intOption } from '../args';
import type { Command } from '../command';
import { CORPUS_HELP, CORPUS_OPTIONS, corpusOptions, corpusSpec, hasCorpus } from '../corpus-args';
import { sketchCorpus } from '../corpus/pipeline';
import { UsageError } from '../errors';
import { padStart, percentTenths, writeJson, writeLines } from '../output';
import { OUTPUT_HELP, outputFormat, writeJsonLine } from '../output-format';
import { loadSketch } from '../read-input';
import { sameFile } from '../sketch-files';
import { sketchOptions } from '../sketch-options';

const USAGE = 'nearest QUERY [FILES|DIRS...] [--jsonl F] [--files-from F] [--top K] [--json | --output F]';
const DEFAULT_TOP = 10;

export interface NearestResult {
  file: string;
  resemblance: number;
  /** Containment of QUERY in this file. */
  containment: number;
}

type Found = NearestResult & { seq: number };
const better = (x: Found, y: Found) => y.resemblance - x.resemblance || y.containment - x.containment || x.seq - y.seq;

export const nearest: Command = {
  name: 'nearest',
  summary: 'the documents most similar to a query file',
  usage: USAGE,
  options: {
    flags: [...CORPUS_OPTIONS.flags],
    values: ['top', 'output', ...CORPUS_OPTIONS.values],
    repeatable: CORPUS_OPTIONS.repeatable,
  },
  help: `Lists the documents most similar to QUERY, best (highest estimated resemblance) first. The corpus
is streamed: every document's sketch is compared with QUERY's as it is read, and only the best K are
kept, so any number of documents can be searched in constant memory. Documents sharing no sampled
shingle with QUERY (resemblance and containment both 0) are never listed, so there may be fewer than K
results, or none. QUERY itself is left out of FILES.

Options:
  --top K        list at most K documents (default ${DEFAULT_TOP})
${OUTPUT_HELP}
  --json         print {"results": [{"file": f, "resemblance": r, "containment": c}, ...]},
                 where f is the path or JSONL id and c is the containment of QUERY in it; values
                 are fractions from 0 to 1 (--output jsonl: one result a line)
An unusable QUERY is always an error (exit status 1), --skip-bad or not.

${CORPUS_HELP}`,

  async run(args) {
    const [query, ...rest] = args.positionals;
    const spec = corpusSpec(args, rest, 'nearest');
    if (query === undefined || !hasCorpus(spec)) throw new UsageError(`missing arguments; usage: resemble ${USAGE}`, 'nearest');
    if (query === '-' && spec.paths.concat(spec.filesFrom ?? [], spec.jsonl ?? []).includes('-')) {
      throw new UsageError("standard input ('-') can be read only once: as a file, by --files-from or by --jsonl", 'nearest');
    }
    const top = intOption(args, 'top', DEFAULT_TOP, 1, Number.MAX_SAFE_INTEGER, 'nearest');
    const format = outputFormat(args, 'nearest');
    const options = sketchOptions(args, 'nearest');
    const q = await loadSketch(query, options);
    spec.paths = spec.paths.filter((f) => !sameFile(f, query));
    const run = sketchCorpus(spec, { options, form: 'full', simhash: false }, corpusOptions(args, 'nearest'));
    // The best `top` so far: appended, then sorted and cut back to `top` whenever it doubles (amortized
    // O(log K) a document); a K beyond ten million keeps every match (the caller asked for them all).
    let kept: Found[] = [];
    let seen = 0;
    for await (const d of run.docs) {
      if (d.fromPath && sameFile(d.name, query)) continue;
      seen++;
      const s = d.sketch;
      if (!s) continue;
      const r = resemblance(q, s);
      const c = containment(q, s);
      if (r === 0 && c === 0) continue;
      kept.push({ file: d.name, resemblance: r, containment: c, seq: d.seq });
      if (kept.length >= top + Math.max(top, 1024) && top <= 1e7) kept = kept.sort(better).slice(0, top);
    }
    const results: NearestResult[] = kept
      .sort(better)
      .slice(0, top)
      .map(({ file, resemblance, containment }) => ({ file, resemblance, containment }));

    if (format === 'json') {
      writeJson({ results });
      return;
    }
    if (format === 'jsonl') {
      for (const r of results) writeJsonLine(r);
      return;
    }
    if (results.length === 0) {
      writeLines([`no document among ${seen} shares sampled shingles with ${query}`]);
      return;
    }
    writeLines([
      'resemblance  containment  file',
      ...results.map((r) => `${padStart(percentTenths(r.resemblance), 11)}  ${padStart(percentTenths(r.containment), 11)}  ${r.file}`),
    ]);
  },
};
