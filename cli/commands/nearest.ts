import { CandidateIndex, containment, resemblance } from '../../lib/index';
import { expectPositionals, intOption } from '../args';
import type { Command } from '../command';
import { padStart, percentTenths, writeJson, writeLines } from '../output';
import { checkStdinOnce, loadSketch } from '../read-input';
import { sameFile, sketchFiles, uniqueFiles } from '../sketch-files';
import { sketchOptions } from '../sketch-options';

const USAGE = 'nearest QUERY FILES... [--top K] [--skip-bad] [--json]';
const DEFAULT_TOP = 10;
/** Resemblance the index is built for: every file at least this similar to QUERY is found. */
export const NEAREST_INDEX_THRESHOLD = 0.05;

export interface NearestResult {
  file: string;
  resemblance: number;
  /** Containment of QUERY in this file. */
  containment: number;
}

export const nearest: Command = {
  name: 'nearest',
  summary: 'the files most similar to a query file',
  usage: USAGE,
  options: { flags: ['skip-bad'], values: ['top'] },
  help: `Lists the files most similar to QUERY, best (highest estimated resemblance) first. The files
are put in a candidate index built for resemblance ≥ ${percentTenths(NEAREST_INDEX_THRESHOLD)}: every file at least that similar
to QUERY is found; a less similar file is listed only if it happens to share one of the sampled
shingles QUERY is looked up by. Files sharing nothing with QUERY are never listed, so there may be
fewer than K results, or none. QUERY itself is left out of FILES.

Options:
  --top K        list at most K files (default ${DEFAULT_TOP})
  --skip-bad     report unusable FILES (missing, binary, empty, ...) on stderr and leave them out,
                 instead of stopping with exit status 1 (an unusable QUERY is always an error)
  --json         print {"results": [{"file": f, "resemblance": r, "containment": c}, ...]},
                 where c is the containment of QUERY in f; values are fractions from 0 to 1`,

  async run(args) {
    const [query, ...rest] = expectPositionals(args, 2, Infinity, USAGE, 'nearest');
    const top = intOption(args, 'top', DEFAULT_TOP, 1, Number.MAX_SAFE_INTEGER, 'nearest');
    const opts = sketchOptions(args, 'nearest');
    checkStdinOnce([query, ...rest], 'nearest');
    const files = uniqueFiles(rest).filter((f) => !sameFile(f, query));
    const q = await loadSketch(query, opts);
    const sketched = await sketchFiles(files, opts, args.flags.has('skip-bad'));

    const index = new CandidateIndex<number>(NEAREST_INDEX_THRESHOLD);
    sketched.forEach((f, i) => index.add(i, f.sketch));
    const found: (NearestResult & { i: number })[] = [];
    for (const i of index.candidates(q, NEAREST_INDEX_THRESHOLD)) {
      const s = sketched[i].sketch;
      const r = resemblance(q, s);
      const c = containment(q, s);
      if (r > 0 || c > 0) found.push({ file: sketched[i].file, resemblance: r, containment: c, i });
    }
    found.sort((x, y) => y.resemblance - x.resemblance || y.containment - x.containment || x.i - y.i);
    const results: NearestResult[] = found.slice(0, top).map(({ file, resemblance, containment }) => ({ file, resemblance, containment }));

    if (args.flags.has('json')) {
      writeJson({ results });
      return;
    }
    if (results.length === 0) {
      writeLines([`no file among ${sketched.length} shares sampled shingles with ${query}`]);
      return;
    }
    writeLines([
      'resemblance  containment  file',
      ...results.map((r) => `${padStart(percentTenths(r.resemblance), 11)}  ${padStart(percentTenths(r.containment), 11)}  ${r.file}`),
    ]);
  },
};
