import { LIMITS } from '../limits';
import { hasAdLink, isAdLabel, labelOf, noLabelAbove } from './ads';
import { MAX_LINKS, outsideResults } from './structure-links';
import { nearestUp } from './structure-tree';
import { HIDDEN_TEXT_TAGS } from './text-of';
import type { EngineSpec } from './types';
import { unwrapRedirect } from './unwrap';
import { sameSite } from './same-site';
import { hostnameOf } from '../url/host';

/**
 * The cards of other verticals on a results page (issue #41): a Recipes carousel's cards, a video
 * cluster's, "people also ask" sources, a news box's stories, a side panel's links: every link outside
 * the organic results, with the card it stands for. Never results (lib/engines/extract.ts leaves them
 * out), never hidden: the content script marks a card whose target is the same page as an organic
 * result (alike after lib/url/normalize.ts, or an opaque link once resolved): "same as #1".
 *
 *   verticalCards(document, blocks, { url: location.href, engine })
 *
 * `blocks` are the organic results' elements as extract() gives them (`ExtractOptions.blocks`): the
 * extraction's knowledge of where the results are is reused, not found again. The cost is one pass over
 * the page's links (`document.links`, the browser's own list: no walk of the DOM), at most MAX_LINKS
 * of them, each element's ancestors passed a bounded number of times in all (answers kept per element);
 * at most LOOK_PER_CARD × `max` links looked at as cards, each climbing at most CARD_UP levels and
 * reading at most CARD_READ nodes and characters; at most `max` cards (50) are given. About 0.5–0.8 ms
 * on a saved Google page of 95 results in Chromium.
 *
 * A card is the largest element around its link holding no link to another target and no organic
 * result (so a card's thumbnail and title links are one card, and a carousel is its cards), with at
 * least MIN_TEXT characters of text. Left out: links in the page's navigation, banner, dialogs and
 * hidden parts (as the structural reader leaves them out), ad clicks and cards with an ad label,
 * links to the engine's own hosts and site (its other searches, its tabs, its help) unless opaque
 * (`unresolved`: the target is behind the engine's redirect, as for results), anything but http(s).
 */

export interface VerticalCard {
  /** The card's target, its engine redirect undone (lib/engines/unwrap.ts), as results' are. */
  url: string;
  /** The element the card is: marked beside, never moved or hidden. */
  card: Element;
  /** The target is an opaque engine redirect (Baidu's link?url=, Google's /goto): resolve it first. */
  unresolved?: true;
}

export interface CardsPage {
  /** The page's address: relative links resolve against it. */
  url: string;
  /** The engine serving it: links to its hosts are its own pages (other searches, tabs), not cards. */
  engine?: Pick<EngineSpec, 'host'>;
}

/** Cards given at most. */
export const MAX_CARDS = 50;
/** A card's text at the least (a title): shorter, a link is a control ("More", "Privacy"). */
const MIN_TEXT = 12;
/** Nodes and characters read of a card. */
const CARD_READ = 1000;
/** Levels a card spans above its link at most. */
const CARD_UP = 24;
/** Links looked at as cards, for each card that may be given. */
const LOOK_PER_CARD = 4;

/** Marks an element holding links to several targets (or an organic result and a link). */
const MIXED = '';

export function verticalCards(scope: Document | Element, blocks: readonly (readonly Element[])[], page: CardsPage, max = MAX_CARDS): VerticalCard[] {
  const top = 'documentElement' in scope ? scope.documentElement : scope;
  if (!top) return [];
  // A card never takes in the page's body (a page of one card and nothing else).
  const body = 'documentElement' in scope ? scope.body : null;
  const links = ('links' in scope ? scope.links : undefined) ?? scope.querySelectorAll('a[href]');
  const organic = new Set(blocks.flat());
  const inOrganic = nearestUp((e) => organic.has(e), top.parentElement);
  const isOutside = outsideResults();
  const own = page.engine?.host;
  const site = hostnameOf(page.url) ?? '';
  // The engine's own pages: its hosts, and its site's (its help, its maps, its encyclopedia).
  const ownPage = (h: string) => own?.test(h) || sameSite(h, site);
  // Each element above a link or a result: the one target below it, or MIXED (./structure-tree.ts's way:
  // a walk stops where an earlier one already decided, so each element changes at most twice).
  const below = new Map<Element, string>();
  const mark = (from: Element, key: string) => {
    for (let e = from.parentElement; e && e !== top.parentElement; e = e.parentElement) {
      const k = below.get(e);
      if (k === key || k === MIXED) return;
      below.set(e, k === undefined ? key : MIXED);
    }
  };
  blocks.forEach((b, i) => {
    for (const el of b) mark(el, `\u0000${i}`);
  });
  const found: { a: Element; url: string; unresolved?: true }[] = [];
  for (let i = 0, n = Math.min(links.length, MAX_LINKS); i < n; i++) {
    const a = links[i];
    if (inOrganic(a)) continue;
    const t = isOutside(a) || hasAdLink(a) ? undefined : unwrapRedirect(a.getAttribute('href') ?? '', page.url);
    const card = t && t.url.length <= LIMITS.url && (t.unresolved || !ownPage((t.parsed ?? new URL(t.url)).hostname));
    // A link that is no card still bounds the cards around it (a navigation bar is not one card).
    mark(a, card ? t.url : `\u0001${i}`);
    if (card) found.push({ a, url: t.url, ...(t.unresolved ? { unresolved: true as const } : {}) });
  }
  const out: VerticalCard[] = [];
  const seen = new Set<Element>();
  const inNoLabel = noLabelAbove();
  let looked = 0;
  for (const f of found) {
    // At most a few links looked at for each card given (controls and ads are few beside cards).
    if (out.length >= max || looked++ >= LOOK_PER_CARD * max) break;
    let card = f.a;
    for (let p = card.parentElement, up = 0; card !== top && p && p !== body && below.get(p) === f.url && up < CARD_UP; p = card.parentElement, up++) card = p;
    if (seen.has(card)) continue;
    seen.add(card);
    const read = readCard(card, inNoLabel);
    if (read.paid || read.text.replace(/\s+/g, ' ').trim().length < MIN_TEXT) continue;
    out.push({ url: f.url, card, ...(f.unresolved ? { unresolved: true as const } : {}) });
  }
  return out;
}

/**
 * A card's start as a reader sees it (scripts and styles left out), and whether it is paid for (an ad
 * label among its texts or aria-labels, as ./ads.ts knows them): an ad is no card of a vertical.
 */
function readCard(card: Element, inNoLabel: (e: Element | null) => Element | null): { text: string; paid: boolean } {
  let text = '';
  let left = CARD_READ;
  for (let n: Node | null = card.firstChild; n && n !== card && left > 0; left--) {
    let skip = false;
    if (n.nodeType === 3) {
      const d = (n as Text).data;
      text += d.slice(0, left);
      left -= d.length;
      if (labelOf(n, inNoLabel)) return { text, paid: true };
    } else if (n.nodeType === 1) {
      const el = n as Element;
      skip = HIDDEN_TEXT_TAGS.has(el.tagName.toUpperCase());
      if (isAdLabel(el.getAttribute('aria-label') ?? '')) return { text, paid: true };
    }
    if (!skip && n.firstChild) n = n.firstChild;
    else {
      while (n && n !== card && !n.nextSibling) n = n.parentNode;
      n = n && n !== card ? n.nextSibling : null;
    }
  }
  return { text, paid: false };
}
