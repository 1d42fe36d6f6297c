/**
 * Results pages built at test time: a real engine's markup with its organic results' links, titles,
 * display URLs and snippets replaced by texts whose near-duplicate structure is known (a corpus's
 * labels), so that the groups a page should show are known in advance.
 *
 *   const page = buildSerp(savedGoogleHtml, 'https://www.google.com/search?q=…', results);
 *   // page.html: the markup, scripts removed; page.results: what each result now says
 *
 * The result blocks are found with the extension's own extractor (lib/engines: the engine's selectors),
 * so any engine it reads works; results beyond those given are removed from the page. The corpus side:
 * `corpusPassage` cuts the same passage out of every edition / format of a text, with a window that
 * starts a few words later for each, as an engine's snippets of copies of one text do.
 */
import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { extract } from '../../lib/engines/extract';
import { ENGINES } from '../../lib/engines/table';
import type { Extraction } from '../../lib/engines/types';
import { unwrapRedirect } from '../../lib/engines/unwrap';
import { decodeBytes } from '../../lib/text/decode';
import { htmlToText } from '../../lib/text/html-to-text';
import { tokens } from '../../lib/text/tokens';

/** What one result of the built page says. */
export interface BuiltResult {
  url: string;
  title: string;
  snippet: string;
  /** Display URL (Google's `cite`): defaults to the URL without its scheme. */
  displayUrl?: string;
}

export interface BuiltSerp {
  html: string;
  /** The engine and markup variant the template was read as. */
  engine: string;
  variant: string;
  /** Blocks the template had, and how many were kept. */
  templateResults: number;
}

/** A file's text the way the library decodes downloads (BOM / UTF-8 / windows-1252). */
export function readText(file: string): string {
  const b = readFileSync(file);
  return decodeBytes(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)).text;
}

const setText = (el: Element, text: string) => {
  el.textContent = text;
};

/** The engine's variant selectors for an extraction (lib/engines/specs). */
function variantOf(x: Extraction) {
  const engine = ENGINES.find((e) => e.id === x.engine);
  const v = engine?.variants.find((w) => w.name === x.variant);
  if (!v) throw new Error(`serp-builder: no variant ${x.variant} of ${x.engine}`);
  return v;
}

function first(block: readonly Element[], selectors: readonly string[] | undefined): Element | undefined {
  for (const sel of selectors ?? []) {
    for (const el of block) {
      const found = el.matches(sel) ? el : el.querySelector(sel);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * `template` (a saved results page) with its first `results.length` organic results rewritten to say
 * `results`, in order, and its other organic results removed. Scripts are removed (a saved page's
 * scripts expect their servers; the network is cut off in the tests anyway), and so are `<base>`
 * elements. Throws when the template has fewer results than asked for.
 */
export function buildSerp(template: string, url: string, results: readonly BuiltResult[]): BuiltSerp {
  const { document } = parseHTML(template);
  const doc = document as unknown as Document;
  for (const el of [...doc.querySelectorAll('script, base, link[rel="preload"], link[rel="prefetch"]')]) el.remove();
  const blocks: Element[][] = [];
  const x = extract(doc, url, { blocks });
  if (!x) throw new Error(`serp-builder: ${url} is no results page the extension reads`);
  if (x.results.length < results.length) {
    throw new Error(`serp-builder: the template has ${x.results.length} results (${x.engine}/${x.variant}); ${results.length} asked for`);
  }
  const v = variantOf(x);
  x.results.forEach((old, i) => {
    const block = blocks[i];
    const r = results[i];
    if (!r) {
      for (const el of block) el.remove();
      return;
    }
    // Every link of the block to the old target (title, site header, thumbnail; direct or through the
    // engine's redirect), and the title link itself.
    const link = first(block, [v.link]);
    for (const el of block) {
      for (const a of [...(el.matches('a[href]') ? [el] : []), ...el.querySelectorAll('a[href]')]) {
        const href = a.getAttribute('href') ?? '';
        if (a === link || href === old.url || unwrapRedirect(href, url)?.url === old.url) a.setAttribute('href', r.url);
        for (const attr of ['ping', 'data-ved', 'onmousedown', 'data-jsarwt', 'data-usg', 'h']) a.removeAttribute(attr);
      }
    }
    const title = v.title ? first(block, [v.title]) : link;
    if (!title) throw new Error(`serp-builder: result ${i + 1} has no title element`);
    // Bing's title is the h2 around the link: the text goes in the link, which must stay.
    setText(link && title.contains(link) ? link : title, r.title);
    const display = first(block, v.displayUrl);
    if (display) setText(display, r.displayUrl ?? r.url.replace(/^https?:\/\//, ''));
    const snippet = first(block, v.snippet);
    if (!snippet) throw new Error(`serp-builder: result ${i + 1} has no snippet element (${(v.snippet ?? []).join(', ')})`);
    setText(snippet, r.snippet);
  });
  // linkedom's document serializes with its doctype.
  return { html: String(document), engine: x.engine, variant: x.variant, templateResults: x.results.length };
}

// ---------------------------------------------------------------------------------------------------
// Corpus passages

/** A document's words as a reader sees them (HTML turned to text), each with its canonical key. */
export function words(text: string, isHtml: boolean): { shown: string[]; keys: string[] } {
  const plain = isHtml ? htmlToText(text) : text;
  const shown = plain.split(/\s+/).filter((w) => tokens(w).length > 0);
  return { shown, keys: shown.map((w) => tokens(w).join(' ')) };
}

/** Index of the first place `keys` holds `needle` in sequence, or -1. */
function find(keys: readonly string[], needle: readonly string[]): number {
  outer: for (let i = 0; i + needle.length <= keys.length; i++) {
    for (let j = 0; j < needle.length; j++) if (keys[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * A prose paragraph of a plain-text book past `at` (0–1) of its body (after the Project Gutenberg
 * START line when there is one): the first paragraph from there with at least `minWords` words, most
 * of them lower-case letters only (not a table, a heading or a list). Returns its first words, as keys.
 */
export function anchorOf(plainText: string, at = 0.3, minWords = 45, anchorWords = 8): string[] {
  const start = plainText.search(/\*\*\* ?START OF TH(IS|E) PROJECT GUTENBERG/i);
  const endMark = plainText.search(/\*\*\* ?END OF TH(IS|E) PROJECT GUTENBERG/i);
  const body = plainText.slice(Math.max(start, 0), endMark < 0 ? undefined : endMark);
  const paras = body.slice(Math.floor(body.length * at)).split(/\r?\n\s*\r?\n/);
  for (const p of paras.slice(1)) {
    const w = p.split(/\s+/).filter(Boolean);
    if (w.length < minWords) continue;
    const plainish = w.filter((x) => /^[a-z,.;']+$/.test(x)).length / w.length;
    if (plainish < 0.7) continue;
    return words(p, false).keys.slice(0, anchorWords);
  }
  throw new Error('serp-builder: no prose paragraph found for an anchor');
}

/**
 * `count` words of a document from the place its words match `anchor`, shifted by `shift` words (an
 * engine picks a slightly different window for each copy). Throws when the anchor is not in it.
 */
export function corpusPassage(text: string, isHtml: boolean, anchor: readonly string[], count: number, shift = 0): string {
  const w = words(text, isHtml);
  const at = find(w.keys, anchor);
  if (at < 0) throw new Error(`serp-builder: "${anchor.join(' ')}" is not in the document`);
  const from = Math.max(0, at + shift);
  return w.shown.slice(from, from + count).join(' ');
}
