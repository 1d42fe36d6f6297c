import { describe, expect, it } from 'vitest';
import { containment, deserializeSketch, resemblance, serializeSketch, sketch } from '../../lib/index';
import { proseText } from './helpers/prose';

describe('sketch serialization', () => {
  it('round-trips every field and compares the same after storage', () => {
    const a = sketch(proseText(3, 4000), { seed: 3_000_000_000 });
    const b = sketch(proseText(3, 4000).replace(/ the /g, ' a '), { seed: 3_000_000_000 });
    const bytes = serializeSketch(a);
    const back = deserializeSketch(bytes);
    expect(back).toEqual(a);
    expect(resemblance(back, b)).toBe(resemblance(a, b));
    expect(containment(back, b)).toBe(containment(a, b));
    // From an unaligned copy, as a store or a message may hand it back.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(deserializeSketch(shifted.subarray(1))).toEqual(a);
  });

  it('a page sketch takes under 2 KB', () => {
    const bytes = serializeSketch(sketch(proseText(5, 20000)));
    expect(bytes.byteLength).toBeLessThan(2048);
  });
});
