/**
 * A small runtime shape checker for messages and settings: every value that crosses a context
 * boundary is checked against its expected shape before use. A check returns the value or a list of
 * problems ("results[3].url: expected a string"), never throws.
 */
export type Check<T> = (v: unknown, path: string, errors: string[]) => T;

export type Infer<C> = C extends Check<infer T> ? T : never;

function fail<T>(errors: string[], path: string, what: string): T {
  errors.push(`${path || 'value'}: ${what}`);
  return undefined as T;
}

export const str =
  (opts: { max?: number; min?: number } = {}): Check<string> =>
  (v, path, errors) => {
    if (typeof v !== 'string') return fail(errors, path, 'expected a string');
    if (opts.max !== undefined && v.length > opts.max) return fail(errors, path, `longer than ${opts.max} characters`);
    if (opts.min !== undefined && v.length < opts.min) return fail(errors, path, `shorter than ${opts.min} characters`);
    return v;
  };

export const num =
  (opts: { min?: number; max?: number; int?: boolean } = {}): Check<number> =>
  (v, path, errors) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return fail(errors, path, 'expected a finite number');
    if (opts.int && !Number.isInteger(v)) return fail(errors, path, 'expected an integer');
    if (opts.min !== undefined && v < opts.min) return fail(errors, path, `below ${opts.min}`);
    if (opts.max !== undefined && v > opts.max) return fail(errors, path, `above ${opts.max}`);
    return v;
  };

export const bool = (): Check<boolean> => (v, path, errors) => (typeof v === 'boolean' ? v : fail(errors, path, 'expected true or false'));

export const oneOf =
  <const T extends readonly (string | number)[]>(...values: T): Check<T[number]> =>
  (v, path, errors) =>
    values.includes(v as T[number]) ? (v as T[number]) : fail(errors, path, `expected one of ${values.join(', ')}`);

export const arr =
  <T>(item: Check<T>, opts: { max?: number } = {}): Check<T[]> =>
  (v, path, errors) => {
    if (!Array.isArray(v)) return fail(errors, path, 'expected a list');
    if (opts.max !== undefined && v.length > opts.max) return fail(errors, path, `more than ${opts.max} items`);
    return v.map((x, i) => item(x, `${path}[${i}]`, errors));
  };

export const bytes =
  (opts: { max?: number } = {}): Check<Uint8Array> =>
  (v, path, errors) => {
    if (!(v instanceof Uint8Array)) return fail(errors, path, 'expected bytes');
    if (opts.max !== undefined && v.byteLength > opts.max) return fail(errors, path, `more than ${opts.max} bytes`);
    return v;
  };

export const optional =
  <T>(c: Check<T>): Check<T | undefined> =>
  (v, path, errors) =>
    v === undefined ? undefined : c(v, path, errors);

type Shape = Record<string, Check<unknown>>;
type FromShape<S extends Shape> = { [K in keyof S as undefined extends Infer<S[K]> ? never : K]: Infer<S[K]> } & {
  [K in keyof S as undefined extends Infer<S[K]> ? K : never]?: Infer<S[K]>;
};

/** An object with exactly these keys (unknown keys are an error: a message carries nothing unexpected). */
export const obj =
  <S extends Shape>(shape: S): Check<FromShape<S>> =>
  (v, path, errors) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(errors, path, 'expected an object');
    const out: Record<string, unknown> = {};
    // Own keys only: `k in shape` would take `constructor` or `__proto__` (from Object.prototype) as known.
    for (const k of Object.keys(v)) if (!Object.hasOwn(shape, k)) errors.push(`${path ? `${path}.` : ''}${k}: not expected`);
    for (const [k, c] of Object.entries(shape)) {
      // An inherited value is no value: a missing key must not be read off the prototype chain.
      const x = c(Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined, path ? `${path}.${k}` : k, errors);
      if (x !== undefined) out[k] = x;
    }
    return out as FromShape<S>;
  };

/**
 * An object with at least these fields, returned as it is (other keys kept): for what one realm of
 * the extension hands another (the Worker's requests and answers), where a field this check does
 * not name is allowed through, unlike a message from a page (`obj`).
 */
export const fields =
  <S extends Shape>(shape: S): Check<FromShape<S>> =>
  (v, path, errors) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(errors, path, 'expected an object');
    for (const [k, c] of Object.entries(shape)) c(Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined, path ? `${path}.${k}` : k, errors);
    return v as FromShape<S>;
  };

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export function check<T>(c: Check<T>, v: unknown): Checked<T> {
  const errors: string[] = [];
  const value = c(v, '', errors);
  return errors.length ? { ok: false, errors } : { ok: true, value };
}
