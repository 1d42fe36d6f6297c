import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { decodeBytes } from '../../../lib/text/decode';

/** A saved results page, decoded as the CLI decodes files and parsed with linkedom. */
export function loadSerp(file: string): Document {
  const b = readFileSync(file);
  return parseSerp(decodeBytes(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)).text);
}

export function parseSerp(html: string): Document {
  return parseHTML(html).document as unknown as Document;
}

/** A result as a test table pins it. */
export interface Pin {
  url: string;
  title: string;
}
