import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
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

/** Every .html file under `dir` (saved results pages), in sorted order, folders included. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? htmlFiles(p) : p.endsWith('.html') ? [p] : [];
    });
}
