import { CandidateIndex, clusterByThreshold } from '../../lib/index';
import { expectPositionals, fractionOption } from '../args';
import type { Command } from '../command';
import { count, percentTenths, writeJson, writeLines } from '../output';
import { checkStdinOnce } from '../read-input';
import { type SketchedFile, sketchFiles, uniqueFiles } from '../sketch-files';
import { sketchOptions } from '../sketch-options';

const USAGE = 'cluster FILES... [--threshold T] [--skip-bad] [--json]';
const DEFAULT_THRESHOLD = 0.5;

export const cluster: Command = {
  name: 'cluster',
  summary: 'group files whose resemblance reaches a threshold',
  usage: USAGE,
  options: { flags: ['skip-bad'], values: ['threshold'] },
  help: `Groups the files so that any two whose estimated resemblance is at least T are in one group,
transitively (single-link clustering). Similar pairs are found through a candidate index over the
sketches, not by comparing all pairs. Every file appears in exactly one group (a file given twice is
listed once); a file like no other is a group of its own. Files within a group keep their input
order; groups are ordered by their first file.

Options:
  --threshold T  resemblance needed to join two files, a fraction in (0, 1] (default ${DEFAULT_THRESHOLD})
  --skip-bad     report unusable files (missing, binary, empty, ...) on stderr and leave them out,
                 instead of stopping with exit status 1
  --json         print {"clusters": [[file, ...], ...]}`,

  async run(args) {
    const given = expectPositionals(args, 1, Infinity, USAGE, 'cluster');
    const threshold = fractionOption(args, 'threshold', DEFAULT_THRESHOLD, 'cluster');
    const opts = sketchOptions(args, 'cluster');
    checkStdinOnce(given, 'cluster');
    const files = uniqueFiles(given);
    const sketched = await sketchFiles(files, opts, args.flags.has('skip-bad'));
    const clusters = clusterSketches(sketched, threshold).map((g) => g.map((i) => sketched[i].file));
    if (args.flags.has('json')) {
      writeJson({ clusters });
      return;
    }
    const multi = clusters.filter((c) => c.length > 1).length;
    const lines = [
      `${count(sketched.length, 'file')} in ${count(clusters.length, 'cluster')} at resemblance ≥ ${percentTenths(threshold)}; ${multi} with more than one file`,
    ];
    clusters.forEach((c, k) => {
      lines.push('', `cluster ${k + 1} (${count(c.length, 'file')})`);
      for (const f of c) lines.push(`  ${f}`);
    });
    writeLines(lines);
  },
};

/**
 * Groups of positions in `sketched`: each sketch is looked up in an index of the ones before it
 * (pairs at or above the threshold, each pair once), then added; union-find joins the pairs.
 */
export function clusterSketches(sketched: readonly SketchedFile[], threshold: number): number[][] {
  const index = new CandidateIndex<number>(threshold);
  const pairs: [number, number, number][] = [];
  sketched.forEach((f, i) => {
    for (const m of index.query(f.sketch, threshold)) pairs.push([m.key, i, m.resemblance]);
    index.add(i, f.sketch);
  });
  return clusterByThreshold(sketched.length, pairs, threshold);
}
