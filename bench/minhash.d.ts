/** Types for the `minhash` package (0.0.9, CommonJS, untyped): the parts the bench uses. */
declare module 'minhash' {
  export interface MinhashConfig {
    /** Number of hash functions ("permutations"); default 128. */
    numPerm?: number;
    /** Seed of the a_i, b_i generator; default 1. */
    seed?: number;
  }

  export class Minhash {
    constructor(config?: MinhashConfig);
    numPerm: number;
    seed: number;
    prime: number;
    maxHash: number;
    /** The signature: numPerm minima, each initialised to maxHash. */
    hashvalues: number[];
    permA: number[];
    permB: number[];
    /** Folds one set element (a string) into the signature. */
    update(str: string): void;
    /** The 32-bit string hash the package applies before its universal hashes. */
    hash(str: string): number;
    /** Fraction of equal signature positions; throws when numPerm or seed differ. */
    jaccard(other: Minhash): number;
  }

  export class LshIndex {
    constructor(config?: { bandSize?: number });
    insert(key: string, minhash: Minhash): void;
    query(minhash: Minhash): string[];
  }

  const minhash: { Minhash: typeof Minhash; LshIndex: typeof LshIndex };
  export default minhash;
}
