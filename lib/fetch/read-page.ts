import { SNIFF_BYTES, binaryMagic, parseContentType, sniffHtml, typeFromMime } from './content';
import type { FailureKind, PageBody, PageType } from './types';

/** A failure we decided on ourselves; anything else thrown is a network error to classify. */
export class Failure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type Race = <T>(p: Promise<T>) => Promise<T>;

/** How a fetch asks for and reads its body (fetch-page.ts's fetchBody): what it accepts, what it keeps. */
export interface BodyReader<B> {
  /** The Accept header sent. */
  accept: string;
  /** More request headers (a subscription's conditional request: If-None-Match, If-Modified-Since). */
  headers?: Record<string, string>;
  /** Checks the answer and reads it; throws a Failure (the response's body cancelled) when unusable. */
  read(response: Response, maxBytes: number, race: Race): Promise<B>;
}

/** Throws the failure an unusable status is. */
export function checkStatus(status: number): void {
  if (status === 404 || status === 410) throw new Failure('gone', `HTTP ${status}`);
  if (status >= 400) throw new Failure('http', `HTTP ${status}`);
  // 204/205 carry no page and 1xx/3xx here mean a server we do not understand: a status problem.
  if (status < 200 || status > 299 || status === 204 || status === 205) throw new Failure('http', `unusable status ${status}`);
}

/** Throws 'too-large' when the declared length already passes maxBytes. */
export function checkLength(response: Response, maxBytes: number): void {
  const length = Number(response.headers.get('content-length') ?? NaN);
  if (length > maxBytes) throw new Failure('too-large', `Content-Length ${length} > ${maxBytes} bytes`);
}

export const PAGE_READER: BodyReader<PageBody> = {
  accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8',
  read: readPage,
};

/** Status, type and size checks, then the body: never more than maxBytes kept, never a partial page. */
export async function readPage(response: Response, maxBytes: number, race: Race): Promise<PageBody> {
  const { status } = response;
  try {
    checkStatus(status);
    const { mime, charset } = parseContentType(response.headers.get('content-type'));
    const declared = typeFromMime(mime);
    if (declared === null) throw new Failure('wrong-type', `${mime} is not HTML or plain text`);
    checkLength(response, maxBytes);
    // An unlabelled body is HTML or refused, so the type is known before the body is read.
    const contentType: PageType = declared === 'sniff' ? 'text/html' : declared;
    const inspect = (head: Uint8Array) => {
      const magic = binaryMagic(head);
      if (magic) throw new Failure('wrong-type', `body is a ${magic} (served as ${mime || 'no type'})`);
      if (declared === 'sniff' && !sniffHtml(head)) throw new Failure('wrong-type', 'no Content-Type and the body does not look like HTML');
    };
    const body = await readBody(response.body, maxBytes, race, inspect);
    return { contentType, ...(charset && { charset }), body };
  } catch (e) {
    response.body?.cancel().catch(() => {});
    throw e;
  }
}

/** Reads at most maxBytes (the chunk that would pass it is dropped, not kept), inspecting the head once. */
export async function readBody(body: ReadableStream<Uint8Array> | null, maxBytes: number, race: Race, inspect: (head: Uint8Array) => void) {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let inspected = false;
  if (body) {
    const reader = body.getReader();
    let done = false;
    try {
      while (!done) {
        const r = await race(reader.read());
        if (r.done) {
          done = true;
          break;
        }
        if (total + r.value.length > maxBytes) throw new Failure('too-large', `body passed ${maxBytes} bytes`);
        chunks.push(r.value);
        total += r.value.length;
        if (!inspected && total >= SNIFF_BYTES) {
          inspected = true;
          inspect(concat(chunks, total));
        }
      }
    } finally {
      if (!done) reader.cancel().catch(() => {}); // frees the connection; the rest is never read
    }
  }
  const all = concat(chunks, total);
  if (!inspected) inspect(all);
  return all;
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
