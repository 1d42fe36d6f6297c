/** A sketch's shape and format version: shared by the streaming sketcher (./sketch) and the short path (./sketch-short). */
export const SKETCH_FORMAT = 1;

export interface Sketch {
  format: number;
  shingle: number;
  size: number;
  seed: number;
  /** MIN_s: the s smallest distinct fingerprints, ascending. Fewer when the text has fewer shingles. */
  min: Float64Array;
  /** MOD_{2^modBits}: every distinct fingerprint whose low modBits bits are zero, ascending. */
  mod: Float64Array;
  modBits: number;
  /** Words in the canonical text and shingles (positions) in it. */
  tokens: number;
  shingles: number;
  /** Distinct shingles: exact when modBits is 0, otherwise |mod| * 2^modBits. */
  distinct: number;
  /** Fingerprint of the whole canonical token sequence: equal for lexically-equivalent documents. */
  whole: number;
  /** Only the first maxChars characters were read. */
  truncated: boolean;
}
