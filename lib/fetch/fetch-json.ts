import { fetchBody } from './fetch-page';
import { type BodyReader, Failure, checkLength, checkStatus, readBody } from './read-page';
import { binaryMagic, parseContentType } from './content';
import type { FetchOutcome, FetchPageOptions } from './types';

/** An API's answer is small: a body this big is no answer we asked for. */
export const JSON_MAX_BYTES = 256 * 1024;

const isJsonType = (mime: string) => mime === 'application/json' || mime === 'text/json' || mime.endsWith('+json');

/** Only a body labelled JSON is read (an HTML error page or a login wall is not an answer), and it must parse. */
const JSON_READER: BodyReader<{ json: unknown }> = {
  accept: 'application/json',
  async read(response, maxBytes, race) {
    try {
      checkStatus(response.status);
      const { mime } = parseContentType(response.headers.get('content-type'));
      if (!isJsonType(mime)) throw new Failure('wrong-type', `${mime || 'no type'} is not JSON`);
      checkLength(response, maxBytes);
      const body = await readBody(response.body, maxBytes, race, (head) => {
        const magic = binaryMagic(head);
        if (magic) throw new Failure('wrong-type', `body is a ${magic} (served as ${mime})`);
      });
      try {
        return { json: JSON.parse(new TextDecoder('utf-8').decode(body)) as unknown };
      } catch {
        throw new Failure('wrong-type', 'the body is not valid JSON');
      }
    } catch (e) {
      response.body?.cancel().catch(() => {});
      throw e;
    }
  },
};

/**
 * An API request (the Internet Archive's availability lookup) under the same policy as every page
 * fetch: the caller's limits, redirects checked hop by hop, the user's own network kept out. maxBytes
 * defaults to JSON_MAX_BYTES. Never throws.
 */
export function fetchJson(url: string, opts: FetchPageOptions = {}): Promise<FetchOutcome<{ json: unknown }>> {
  return fetchBody(url, { ...opts, maxBytes: Math.min(opts.maxBytes ?? JSON_MAX_BYTES, JSON_MAX_BYTES) }, JSON_READER);
}
