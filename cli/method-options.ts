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
/** prefix: every pair at the threshold (exact recall of a full comparison); super: super shingles (bounded memory). */
export type Candidates = 'prefix' | 'super';

export interface MethodChoice {
  method: Method;
  candidates: Candidates;
  /** Most differing SimHash bits (simhash, combined). */
  bits: number;
}

export const DEFAULT_METHOD: Method = 'minhash';
export const DEFAULT_CANDIDATES: Candidates = 'prefix';
export const DEFAULT_BITS = 3;
/** Permuted tables cost one table per allowed bit plus one; beyond this the pigeonhole blocks are too short to select. */
export const MAX_BITS = 15;

export const METHOD_HELP = `  --method M     minhash (default): estimated resemblance ≥ T; simhash: 64-bit SimHash fingerprints
                 at most --bits apart; combined: min-hash pairs that SimHash also finds within --bits
  --candidates C how min-hash finds pairs: prefix (default; every pair at T, as a full comparison
                 would) or super (super shingles: less memory and time on millions of documents,
                 may miss a pair near T; see docs/methods.md)
  --bits K       SimHash bits (of 64) two near-duplicates may differ in (default ${DEFAULT_BITS}, 0 to ${MAX_BITS})`;

export function methodChoice(args: ParsedArgs, command: string): MethodChoice {
  const method = args.values.get('method') ?? DEFAULT_METHOD;
  if (method !== 'minhash' && method !== 'simhash' && method !== 'combined') {
    throw new UsageError(`--method must be minhash, simhash or combined, got '${method}'`, command);
  }
  const candidates = args.values.get('candidates') ?? DEFAULT_CANDIDATES;
  if (candidates !== 'prefix' && candidates !== 'super') {
    throw new UsageError(`--candidates must be prefix or super, got '${candidates}'`, command);
  }
  if (method === 'simhash' && args.values.has('candidates')) {
    throw new UsageError('--candidates applies to the min-hash methods (minhash, combined), not simhash', command);
  }
  if (method === 'minhash' && args.values.has('bits')) {
    throw new UsageError('--bits applies to --method simhash or combined', command);
  }
  return { method, candidates, bits: intOption(args, 'bits', DEFAULT_BITS, 0, MAX_BITS, command) };
}
