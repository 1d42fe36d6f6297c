import { type ParsedArgs, intOption } from './args';
import { UsageError } from './errors';

/**
 * How `cluster` decides that two documents are near-duplicates (issue #31). The defaults and the
 * figures behind them are in docs/methods.md.
 *   minhash   Broder's min-hash sketches: estimated resemblance ≥ --threshold
 *   simhash   Charikar's 64-bit SimHash: at most --bits of 64 differ
 *   combined  both (Henzinger, SIGIR 2006): min-hash finds the pairs, SimHash must agree
 */
export type Method = 'minhash' | 'simhash' | 'combined';
/**
 * prefix: every pair at the threshold (exact recall of a full comparison); super: super shingles (bounded
 * time and memory); auto: prefix up to AUTO_PREFIX_MAX documents, super beyond.
 */
export type Candidates = 'auto' | 'prefix' | 'super';

export interface MethodChoice {
  method: Method;
  candidates: Candidates;
  /** Most differing SimHash bits (simhash, combined). */
  bits: number;
}

export const DEFAULT_METHOD: Method = 'minhash';
export const DEFAULT_CANDIDATES: Candidates = 'auto';
/**
 * Beyond this many documents `auto` takes super shingles: the prefix step's chance collisions of compact
 * values grow with the square of the corpus. On the bench's million generated 5 KB documents it met
 * 34 M pairs and compared 17 M to join 100 k (153 s of the run's 481, under load), where super shingles
 * took 3 s with the same recall (0.975 against 0.976 of the planted families); at 200,000 documents the
 * prefix step costs a few seconds and keeps its exact recall.
 */
export const AUTO_PREFIX_MAX = 200_000;

/** The candidate step `auto` resolves to for a corpus of `n` documents. */
export function resolveCandidates(c: Candidates, n: number): 'prefix' | 'super' {
  return c === 'auto' ? (n <= AUTO_PREFIX_MAX ? 'prefix' : 'super') : c;
}
/**
 * SimHash alone: Manku, Jain and Das Sarma's 3 (near-identical copies; 4 permuted tables, 1 M documents
 * searched in about 4 s). Combined: 12, the best overall F1 on ../shared's corpora at T = 0.5; no tables
 * are searched, each min-hash pair costs one XOR and popcount (docs/methods.md).
 */
export const DEFAULT_BITS: Record<'simhash' | 'combined', number> = { simhash: 3, combined: 12 };
/** Permuted tables cost one table per allowed bit plus one; beyond this the pigeonhole blocks are too short to select. */
export const MAX_BITS = 15;

export const METHOD_HELP = `  --method M     minhash (default): estimated resemblance ≥ T; simhash: 64-bit SimHash fingerprints
                 at most --bits apart; combined: min-hash pairs that SimHash also finds within --bits
  --candidates C how min-hash finds pairs: prefix (every pair at T, as a full comparison would),
                 super (super shingles: near-linear time on millions of documents, may miss a pair
                 near T) or auto (default: prefix up to 200,000 documents, super beyond)
  --bits K       SimHash bits (of 64) two near-duplicates may differ in, 0 to ${MAX_BITS} (default
                 ${DEFAULT_BITS.simhash} with simhash: near-identical copies; ${DEFAULT_BITS.combined} with combined)`;

export function methodChoice(args: ParsedArgs, command: string): MethodChoice {
  const method = args.values.get('method') ?? DEFAULT_METHOD;
  if (method !== 'minhash' && method !== 'simhash' && method !== 'combined') {
    throw new UsageError(`--method must be minhash, simhash or combined, got '${method}'`, command);
  }
  const candidates = args.values.get('candidates') ?? DEFAULT_CANDIDATES;
  if (candidates !== 'auto' && candidates !== 'prefix' && candidates !== 'super') {
    throw new UsageError(`--candidates must be auto, prefix or super, got '${candidates}'`, command);
  }
  if (method === 'simhash' && args.values.has('candidates')) {
    throw new UsageError('--candidates applies to the min-hash methods (minhash, combined), not simhash', command);
  }
  if (method === 'minhash' && args.values.has('bits')) {
    throw new UsageError('--bits applies to --method simhash or combined', command);
  }
  const bits = intOption(args, 'bits', method === 'minhash' ? 0 : DEFAULT_BITS[method], 0, MAX_BITS, command);
  return { method, candidates, bits };
}
