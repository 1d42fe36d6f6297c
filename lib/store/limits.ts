import { DEFAULT_LIMITS, PAGE_VERSIONS_MAX, type StoreLimits } from './types';

export type ResolvedLimits = Readonly<Required<StoreLimits>>;

/** `base` with `l` applied, every value checked (RangeError on a bad one). */
export function resolveLimits(l: Partial<StoreLimits> | undefined, base: ResolvedLimits = DEFAULT_LIMITS): ResolvedLimits {
  const out = { ...base };
  for (const [k, v] of Object.entries(l ?? {}) as [keyof StoreLimits, number | undefined][]) {
    if (v !== undefined) out[k] = v;
  }
  const check = (name: string, ok: boolean, v: number) => {
    if (!ok) throw new RangeError(`store limit ${name} out of range: ${v}`);
  };
  check('maxBytes', Number.isFinite(out.maxBytes) && out.maxBytes >= 0, out.maxBytes);
  check('maxAgeDays', out.maxAgeDays > 0, out.maxAgeDays); // Infinity: no age limit
  check('minThreshold', out.minThreshold > 0 && out.minThreshold <= 1, out.minThreshold);
  check('maxSerps', Number.isInteger(out.maxSerps) && out.maxSerps >= 0, out.maxSerps);
  check('versions', Number.isInteger(out.versions) && out.versions >= 0 && out.versions <= PAGE_VERSIONS_MAX, out.versions);
  return Object.freeze(out);
}
