import { looksLikeHtml } from '../text/decode';
import type { PageType } from './types';

/** Bytes looked at before deciding the type of an unlabelled body or catching a mislabelled one. */
export const SNIFF_BYTES = 1024;

/**
 * Magic numbers of formats servers hand out under a text label (an image, a PDF or an archive served as
 * the page). Gzip here means a .gz file: Content-Encoding gzip is already undone by fetch.
 */
const MAGIC: [string, number[]][] = [
  ['PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['JPEG image', [0xff, 0xd8, 0xff]],
  ['GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['PDF document', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['gzip data', [0x1f, 0x8b, 0x08]],
];

export interface ParsedType {
  /** Lower-cased essence ("text/html"), '' when the header is missing or empty. */
  mime: string;
  charset?: string;
}

/** Splits a Content-Type header into its essence and charset (quotes and case removed). */
export function parseContentType(header: string | null): ParsedType {
  if (!header) return { mime: '' };
  const [essence, ...params] = header.split(';');
  const out: ParsedType = { mime: essence.trim().toLowerCase() };
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase();
    if (value) out.charset = value;
    break;
  }
  return out;
}

/**
 * What the header promises: a page type, 'sniff' when it says nothing, or null when it names something
 * we never sketch. XHTML is HTML for our purposes; XML is a text body read by content.
 */
export function typeFromMime(mime: string): PageType | 'sniff' | null {
  if (mime === '') return 'sniff';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'text/html';
  // XML (a licence list, a DocBook page) is read as a text body whose markup is found by content
  // (lib/text/markup.ts), like any plain-text body: a text file holding markup is read as markup.
  if (mime === 'text/plain' || mime === 'text/xml' || mime === 'application/xml') return 'text/plain';
  return null;
}

/** The binary format the first bytes reveal, if any. */
export function binaryMagic(head: Uint8Array): string | undefined {
  for (const [what, sig] of MAGIC) {
    if (sig.length <= head.length && sig.every((b, i) => head[i] === b)) return what;
  }
  return undefined;
}

/** An unlabelled body is taken as HTML only when it starts like HTML; anything else is refused. */
export function sniffHtml(head: Uint8Array): boolean {
  return looksLikeHtml(new TextDecoder('utf-8').decode(head.subarray(0, SNIFF_BYTES)));
}
