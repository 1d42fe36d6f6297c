/** Waiting in both e2e suites' fixtures. */

/** `p`'s value, or undefined once `ms` have passed (for clean-ups that must not hang a test). */
export async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([p, new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For the few checks that are "nothing happens" with no later state to wait for (the code that would act
 * leaves no trace when it rightly does nothing): polls `probe` throughout `ms` and fails as soon as it
 * returns false, with `message` (stronger than a sleep and one look at the end). Prefer a positive barrier
 * (a state the system reaches only after the point where the unwanted thing would have happened).
 */
export async function stayTrue(probe: () => boolean | Promise<boolean>, opts: { ms: number; message: string; everyMs?: number }): Promise<void> {
  const end = Date.now() + opts.ms;
  for (;;) {
    if (!(await probe())) throw new Error(`${opts.message} (within ${opts.ms} ms)`);
    if (Date.now() >= end) return;
    await new Promise((r) => setTimeout(r, Math.min(opts.everyMs ?? 50, Math.max(0, end - Date.now()))));
  }
}
