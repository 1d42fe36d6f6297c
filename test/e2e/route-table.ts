/**
 * What a test's sites answer, URL by URL, and what they were asked: one table for both e2e suites.
 * Chromium serves it through Playwright's routes (PageServer, ./page-check-kit.ts), Firefox through
 * local HTTPS servers (SiteServer, ../firefox/fixtures.ts).
 */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  contentType?: string;
  body?: string | Buffer;
  /** Milliseconds before answering. */
  delayMs?: number;
  /** Never answer (the request stays pending until the browser gives up on it). */
  never?: boolean;
  /** Answer only once this settles: the test decides when (e.g. after another page is stored), no fixed delay. */
  hold?: Promise<unknown>;
}

/** What one URL saw: every request's time (ms since the epoch), and when each answer was sent. */
export interface Seen {
  requests: number[];
  answered: number[];
  /** Requests whose answer could not be delivered (the request was gone: aborted by its fetcher). */
  lost: number;
}

export type Answering = (n: number, url: URL) => Answer;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The routes by exact URL, and what each saw. */
export class RouteTable {
  protected readonly routes = new Map<string, Answering>();
  readonly seen = new Map<string, Seen>();

  /** Answers `url` with `answer` (or with what `answer(n)` gives for its n-th request, from 1). */
  on(url: string, answer: Answer | ((n: number) => Answer)): this {
    const key = new URL(url).href;
    this.routes.set(key, typeof answer === 'function' ? answer : () => answer);
    this.seen.set(key, { requests: [], answered: [], lost: 0 });
    return this;
  }

  html(url: string, body: string | Buffer, extra: Omit<Answer, 'body'> = {}): this {
    return this.on(url, { contentType: 'text/html; charset=utf-8', body, ...extra });
  }

  text(url: string, body: string | Buffer, extra: Omit<Answer, 'body'> = {}): this {
    return this.on(url, { contentType: 'text/plain; charset=utf-8', body, ...extra });
  }

  redirect(url: string, location: string, status = 302): this {
    return this.on(url, { status, headers: { location }, body: '' });
  }

  /** Requests of `url` so far (an exact route's). */
  count(url: string): number {
    return this.seen.get(new URL(url).href)?.requests.length ?? 0;
  }
}
