import { type Sketch, containment, exactContainment, exactResemblance, lexicallyEquivalent, resemblance, shingleSet } from '../../lib/index';
import { expectPositionals } from '../args';
import type { Command } from '../command';
import { inputErrorFor } from '../errors';
import { padEnd, percentTenths, writeJson, writeLines } from '../output';
import { type Input, checkStdinOnce, readInput, sketchInput } from '../read-input';
import { sketchOptions } from '../sketch-options';

export interface Similarity {
  resemblance: number;
  containment: { aInB: number; bInA: number };
}

const USAGE = 'compare A B [--exact] [--json]';

export const compare: Command = {
  name: 'compare',
  summary: 'resemblance and containment of two files',
  usage: USAGE,
  options: { flags: ['exact'], values: [] },
  help: `Estimates from the two sketches how alike A and B are:
  resemblance   |S(A) ∩ S(B)| / |S(A) ∪ S(B)| over their sets of shingles (1 = same text)
  A in B        |S(A) ∩ S(B)| / |S(A)|: how much of A is contained in B; B in A likewise

Options:
  --exact        also compute the exact values from the full shingle sets (slower, more memory)
  --json         print {"resemblance": r, "containment": {"aInB": c, "bInA": c}}, with --exact
                 plus "exact": {"resemblance": r, "containment": {"aInB": c, "bInA": c}};
                 values are fractions from 0 to 1`,

  async run(args) {
    const [fa, fb] = expectPositionals(args, 2, 2, USAGE, 'compare');
    const opts = sketchOptions(args, 'compare');
    checkStdinOnce([fa, fb], 'compare');
    const a = await readInput(fa, opts.maxChars);
    const b = await readInput(fb, opts.maxChars);
    const sa = sketchInput(a, opts);
    const sb = sketchInput(b, opts);
    const estimate: Similarity = {
      resemblance: resemblance(sa, sb),
      containment: { aInB: containment(sa, sb), bInA: containment(sb, sa) },
    };
    const exact = args.flags.has('exact') ? exactSimilarity(a, b, opts) : undefined;
    if (args.flags.has('json')) {
      writeJson(exact ? { ...estimate, exact } : estimate);
      return;
    }
    const row = (label: string, est: number, ex: number | undefined) =>
      `${padEnd(label, 13)}${padEnd(percentTenths(est), 10)}${ex === undefined ? '' : percentTenths(ex)}`.trimEnd();
    writeLines([
      `A: ${fa} (${describe(a, sa)})`,
      `B: ${fb} (${describe(b, sb)})`,
      '',
      ...(exact ? [`${padEnd('', 13)}${padEnd('estimate', 10)}exact`] : []),
      row('resemblance', estimate.resemblance, exact?.resemblance),
      row('A in B', estimate.containment.aInB, exact?.containment.aInB),
      row('B in A', estimate.containment.bInA, exact?.containment.bInA),
      ...(lexicallyEquivalent(sa, sb) ? ['', 'A and B have the same words in the same order.'] : []),
    ]);
  },
};

function describe(input: Input, s: Sketch): string {
  return [`${s.tokens} words`, input.markup?.toUpperCase() ?? '', s.truncated ? 'truncated: only the start was read' : ''].filter(Boolean).join(', ');
}

function exactSimilarity(a: Input, b: Input, opts: Parameters<typeof shingleSet>[1]): Similarity {
  const set = (input: Input) => {
    try {
      return shingleSet(input.text, opts);
    } catch (e) {
      throw inputErrorFor(input.file, e);
    }
  };
  const x = set(a);
  const y = set(b);
  return {
    resemblance: exactResemblance(x, y),
    containment: { aInB: exactContainment(x, y), bInA: exactContainment(y, x) },
  };
}
