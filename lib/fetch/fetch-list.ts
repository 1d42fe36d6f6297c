import { MAX_LIST_BYTES } from '../limits';
import { binaryMagic, parseContentType, sniffHtml } from './content';
import { fetchBody } from './fetch-page';
import { type BodyReader, Failure, checkLength, checkStatus, readBody } from './read-page';
import type { FetchOutcome, FetchPageOptions } from './types';

/** A subscribed list's answer: unchanged since the copy kept (304), or its text and validators. */
export type ListBody = { notModified: true } | { notModified: false; text: string; etag?: string; lastModified?: string };

/** A list's fetch may take longer than a page's (up to 2 MB from a slow host), still bounded. */
export const LIST_TIMEOUT_MS = 30_000;

/**
 * Whether a Content-Type may carry a site list: any text type but a page (an HTML error page or a
 * login wall is no list), or none at all (then the body must not look like HTML).
 */
export function listType(mime: string): 'text' | 'sniff' | null {
  if (mime === '') return 'sniff';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return null;
  return mime.startsWith('text/') ? 'text' : null;
}

/** Decodes with the declared charset when the browser knows it, else UTF-8 (what list hosts serve). */
function decode(body: Uint8Array, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Reads a list (or a 304) under `headers`, the conditional request's validators. */
export function listReader(headers: Record<string, string>): BodyReader<ListBody> {
  return {
    accept: 'text/plain,text/*;q=0.9',
    headers,
    async read(response, maxBytes, race) {
      try {
        if (response.status === 304) {
          response.body?.cancel().catch(() => {});
          return { notModified: true };
        }
        checkStatus(response.status);
        const { mime, charset } = parseContentType(response.headers.get('content-type'));
        const kind = listType(mime);
        if (!kind) throw new Failure('wrong-type', `${mime} is not a text list`);
        checkLength(response, maxBytes);
        const body = await readBody(response.body, maxBytes, race, (head) => {
          const magic = binaryMagic(head);
          if (magic) throw new Failure('wrong-type', `body is a ${magic} (served as ${mime || 'no type'})`);
          if (kind === 'sniff' && sniffHtml(head)) throw new Failure('wrong-type', 'no Content-Type and the body looks like HTML');
        });
        const etag = response.headers.get('etag') ?? undefined;
        const lastModified = response.headers.get('last-modified') ?? undefined;
        return { notModified: false, text: decode(body, charset), ...(etag && { etag }), ...(lastModified && { lastModified }) };
      } catch (e) {
        response.body?.cancel().catch(() => {});
        throw e;
      }
    },
  };
}

/**
 * A subscribed list, fetched under the caller's policy (fetch-policy.ts: no credentials, no referrer,
 * redirects checked, the user's own network kept out) with at most MAX_LIST_BYTES and LIST_TIMEOUT_MS.
 * Never throws.
 */
export function fetchList(url: string, opts: FetchPageOptions, headers: Record<string, string>): Promise<FetchOutcome<ListBody>> {
  const maxBytes = Math.min(opts.maxBytes ?? MAX_LIST_BYTES, MAX_LIST_BYTES);
  return fetchBody(url, { timeoutMs: LIST_TIMEOUT_MS, ...opts, maxBytes }, listReader(headers));
}
