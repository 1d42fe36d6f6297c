/**
 * Where page checking's time goes (issue #14): named spans in the service worker, kept only while a
 * bench turns tracing on through the test hook. Off (always, outside the bench), a span costs one
 * branch: nothing is recorded or kept.
 */
export interface Span {
  name: string;
  /** What it was about: a result's URL, a tab… */
  key: string;
  /** Wall-clock ms (performance.timeOrigin + now): comparable with the bench's own clock. */
  start: number;
  end: number;
}

let spans: Span[] | undefined;

const clock = () => performance.timeOrigin + performance.now();

export function traceOn(): void {
  spans = [];
}

/** The spans recorded since traceOn, and tracing off. */
export function traceTake(): Span[] {
  const out = spans ?? [];
  spans = undefined;
  return out;
}

export async function traced<T>(name: string, key: string, work: () => Promise<T>): Promise<T> {
  if (!spans) return work();
  const start = clock();
  try {
    return await work();
  } finally {
    spans?.push({ name, key, start, end: clock() });
  }
}

/** A moment rather than a span. */
export function mark(name: string, key: string): void {
  if (!spans) return;
  const t = clock();
  spans.push({ name, key, start: t, end: t });
}
