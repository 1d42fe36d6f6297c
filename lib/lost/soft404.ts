/**
 * Dead pages (issue #7). A result is dead when its page check failed with 404/410, DNS or connection
 * errors, or when it answered 200 with a soft 404: a tiny page titled like "Page not found" that
 * resembles what the site answers for an address that surely does not exist (the probe).
 */
import { resemblance } from '../sketch/estimate';
import { exactResemblance, shingleSet } from '../sketch/exact';
import type { FailureKind } from '../fetch/types';
import { PAGE_OPTIONS } from '../sketch/options';
import { type Sketch, sketchText } from '../sketch/sketch';
import { cutSketch } from '../store/compact';
import { WordHashes, hashWords } from '../text/tokenize';

/** An error page says little: one with this many words of main text or more is never taken for one. */
export const ERROR_PAGE_MAX_WORDS = 150;

/** Phrases of error pages, in the title or the first lines of the text (several languages). */
const STRONG = [
  /\b(404|410)\b/,
  /\bnot\s+found\b/i,
  /\b(doesn[’']?t|does not|didn[’']?t|did not|no longer) exists?\b/i,
  /\bno longer (available|online|here)\b/i,
  /\b(can ?not|can[’']?t|could not|couldn[’']?t|unable to) (be )?(find|found|locate)\b/i,
  /\bpage (is )?(missing|unavailable|gone|removed)\b/i,
  /\bnicht gefunden|existiert nicht\b/i, // de
  /\bintrouvable|non trouv[ée]e|n[’']existe (plus|pas)\b/i, // fr
  /\bno encontrad[ao]|no existe\b/i, // es
  /\bnon trovat[ao]|non esiste\b/i, // it
  /\bn[ãa]o encontrad[ao]|n[ãa]o existe\b/i, // pt
  /\bniet gevonden|bestaat niet\b/i, // nl
  /\bnie znaleziono|nie istnieje\b/i, // pl
  /не найден|не существует/i, // ru
  /見つかりません|存在しません/, // ja
  /不存在|找不到|未找到|无法找到/, // zh
  /찾을 수 없/, // ko
];
/** "Error" alone says less ("Error handling in Python"): only as the whole title, or before the site's name. */
const WEAK_TITLE = /^\s*(error|erreur|fehler|errore|oops)(\s+page)?[\s!.]*([|:–—-]|$)/i;

const hashes = new WordHashes();

/** Canonical words of a text (the sketcher's tokens: a CJK character counts as one), counting stops at `cap`. */
function wordCount(text: string, cap: number): number {
  // Only a prefix is read: cap·64 characters hold `cap` words unless their words average 63 characters.
  hashes.n = 0;
  hashWords(cap === Infinity ? text : text.slice(0, cap * 64), hashes);
  return hashes.n;
}

/**
 * A tiny page (under ERROR_PAGE_MAX_WORDS words of main text) whose title or first lines read like an
 * error: "Page not found", "404", "This page no longer exists", "Seite nicht gefunden"…
 */
export function looksLikeErrorPage(title: string, text: string): boolean {
  if (wordCount(text, ERROR_PAGE_MAX_WORDS) >= ERROR_PAGE_MAX_WORDS) return false;
  const t = title.replace(/\s+/g, ' ').trim();
  const head = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .slice(0, 3)
    .map((l) => l.slice(0, 200))
    .join('\n');
  if (STRONG.some((re) => re.test(t) || re.test(head))) return true;
  return WEAK_TITLE.test(t);
}

export interface PageSample {
  title: string;
  /** Main text. */
  text: string;
  /** Its page sketch (computed from `text` with PAGE_OPTIONS when absent). */
  sketch?: Sketch;
}

/** The site's answer for a surely-missing address (`probeUrl`): a page, or just its HTTP status. */
export type ProbeAnswer = Partial<PageSample> & { status?: number };

/** Characters of a probe's text compared at most (an error page is tiny; a longer answer is no match anyway). */
const PROBE_CHARS = 20_000;

/** The text's first PROBE_CHARS characters, when they hold a word. */
function wordsOf(text: string | undefined): string | undefined {
  const t = text?.slice(0, PROBE_CHARS);
  return t && wordCount(t, Infinity) > 0 ? t : undefined;
}

function sketchOf(p: Partial<PageSample>): Sketch | undefined {
  if (p.sketch) return cutSketch(p.sketch);
  const t = wordsOf(p.text);
  return t ? cutSketch(sketchText(t, PAGE_OPTIONS)) : undefined;
}

/**
 * Resemblance of two tiny pages: of their texts' word 2-shingles (exact sets) when both texts are
 * there, else of their sketches. At w = 5 the missing address an error page repeats moves much of a
 * 40-word page's shingles (0.68 against 0.83 at w = 2 for the test's page with two addresses).
 */
function tinyResemblance(a: Partial<PageSample>, b: Partial<PageSample>): number | undefined {
  const ta = wordsOf(a.text);
  const tb = wordsOf(b.text);
  if (ta && tb) return exactResemblance(shingleSet(ta, { shingle: 2, format: 'text' }), shingleSet(tb, { shingle: 2, format: 'text' }));
  const sa = sketchOf(a);
  const sb = sketchOf(b);
  if (!sa || !sb) return undefined;
  return sa.shingle === sb.shingle && sa.seed === sb.seed ? resemblance(sa, sb) : 0;
}

const norm = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A page that answered 200 but is an error page: error-like, and either there is no probe, or the
 * probe was a real 404/410 (the site's missing pages do not answer 200, yet this one reads as one), or
 * the page resembles the site's answer for a missing address at `threshold` or more, or bears its
 * title (error pages often repeat the missing address, which moves a tiny page's shingles).
 */
export function isSoft404(page: PageSample, probe?: ProbeAnswer, threshold = 0.7): boolean {
  if (!looksLikeErrorPage(page.title, page.text)) return false;
  if (!probe) return true;
  if (probe.status === 404 || probe.status === 410) return true;
  if (norm(page.title) !== '' && norm(page.title) === norm(probe.title)) return true;
  const r = tinyResemblance(page, probe);
  // Both without words: the same empty answer.
  if (r === undefined) return !sketchOf(page) && !sketchOf(probe) && probe.text !== undefined;
  return r >= threshold;
}

/**
 * An address on the same site that surely does not exist, shaped like `url` (same folder, same file
 * extension, same trailing slash), so the site routes it as it routed `url`. `nonce`: a random token.
 */
export function probeUrl(url: string, nonce: string): string {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new TypeError(`not an http(s) URL: ${url}`);
  const slash = u.pathname.length > 1 && u.pathname.endsWith('/');
  const path = slash ? u.pathname.replace(/\/+$/, '') : u.pathname;
  const cut = path.lastIndexOf('/') + 1;
  const ext = /\.[a-z0-9]{1,5}$/i.exec(path.slice(cut))?.[0] ?? '';
  const token =
    nonce
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 32) || '0';
  return `${u.origin}${path.slice(0, cut)}resemble-missing-${token}${ext}${slash ? '/' : ''}`;
}

/** Why a failed page check marks a result dead (404/410, DNS, connection), or undefined when it does not. */
export function deadReason(kind: FailureKind): 'gone' | 'dns' | 'connection' | undefined {
  return kind === 'gone' || kind === 'dns' || kind === 'connection' ? kind : undefined;
}
