import { ResembleError } from '../errors';

const MAGIC: [string, number[]][] = [
  ['PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['JPEG image', [0xff, 0xd8, 0xff]],
  ['GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['PDF document', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['gzip data', [0x1f, 0x8b]],
  ['WebAssembly module', [0x00, 0x61, 0x73, 0x6d]],
  ['ELF executable', [0x7f, 0x45, 0x4c, 0x46]],
  ['WebP/RIFF media', [0x52, 0x49, 0x46, 0x46]],
];

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  return sig.length <= bytes.length && sig.every((b, i) => bytes[i] === b);
}

/** Control characters other than tab, newline, form feed and carriage return mark binary data. */
function isBinaryControl(b: number): boolean {
  return b === 0 || (b < 32 && b !== 9 && b !== 10 && b !== 12 && b !== 13 && b !== 27);
}

/**
 * Decodes a file or response body to text: BOM-aware UTF-8/UTF-16, UTF-8 when valid, else
 * windows-1252 (a superset of the ISO-8859-1 that older texts use). Binary data is refused with a
 * clear error naming what it looks like, rather than sketched as garbage.
 */
export function decodeBytes(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  for (const [what, sig] of MAGIC) {
    if (startsWith(bytes, sig)) throw new ResembleError('BINARY_INPUT', `binary input (looks like a ${what}), not text or HTML`);
  }
  const sample = bytes.subarray(0, 65536);
  let controls = 0;
  for (let i = 0; i < sample.length; i++) if (isBinaryControl(sample[i])) controls++;
  if (controls > 0 && (sample.includes(0) || controls > sample.length * 0.02)) {
    throw new ResembleError('BINARY_INPUT', `binary input (${controls} control bytes in the first ${sample.length}), not text or HTML`);
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** 0x80–0x9F of windows-1252 (undefined slots keep their C1 code). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Node's TextDecoder('windows-1252') decodes as ISO-8859-1 (C1 controls for 0x80–0x9F), so map them here. */
function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = new TextDecoder('latin1').decode(bytes);
  return latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/** Refuses strings that are binary data decoded as text (NULs, or many U+FFFD replacement characters). */
export function assertTextual(text: string): void {
  const n = Math.min(text.length, 65536);
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd || (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13 && c !== 27)) bad++;
  }
  if (bad > 0 && (text.slice(0, n).includes('\u0000') || bad > n * 0.02)) {
    throw new ResembleError('BINARY_INPUT', `binary input (${bad} control or undecodable characters in the first ${n}), not text or HTML`);
  }
}

/** Moved to ./markup with the XML detector; re-exported for the fetch policy's sniffing. */
export { looksLikeHtml } from './markup';
