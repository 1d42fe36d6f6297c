/** Lost and found's verification (issue #7): every candidate fetched, sketched and measured. */
import { FetchQueue } from '../fetch/queue';
import type { Alternate, LostReport } from './report';
import { deserializeSketch } from '../sketch/serialize';
import type { Sketch } from '../sketch/sketch';
import { cutSketch } from '../store/compact';
import { decodeBytes } from '../text/decode';
import { archivedCopyUsable } from './archive';
import { pickPhrases } from './phrases';
import type { Candidate, LostDeps } from './deps';
import { rankAlternates } from './rank';
import { verifyCopy } from './confirm';
import { HeldText } from './held';
import { htmlToText } from '../text/html-to-text';

/**
 * A fetched page's sketch (cut as the store keeps them) with its title, short text, phrases and
 * canonical link, or why not. A plain-text page's phrases are picked only when asked (`opts.phrases`).
 * `words()`: the page's visible text indexed for the words check (./confirm.ts), made on first call. It
 * is the whole page's text (markup, scripts and styles left out), not its main text: extracting that
 * again here cost 150-650 ms a large page on the background's thread, this 2-70 ms.
 */
export async function sketchOf(
  d: Pick<LostDeps, 'fetchPage' | 'sketcher'> & { settings: Pick<LostDeps['settings'], 'pageShingle' | 'sketchSize'> },
  url: string,
  signal?: AbortSignal,
  opts?: { phrases?: boolean },
) {
  const got = await d.fetchPage(url, signal);
  if (!got.ok) return { ok: false as const, kind: got.kind };
  const { text } = decodeBytes(got.body);
  const options = { shingle: d.settings.pageShingle, size: d.settings.sketchSize };
  if (got.contentType === 'text/plain') {
    const [res] = await d.sketcher.sketch([{ text, format: 'auto' }], options);
    if (!res?.ok) return { ok: false as const, kind: 'unreadable' };
    return {
      ok: true as const,
      url: got.url,
      sketch: cutSketch(deserializeSketch(res.bytes)),
      title: text.split('\n')[0].slice(0, 200),
      short: text.length < 2000 ? text : undefined,
      phrases: opts?.phrases ? pickPhrases(text) : [],
      canonical: undefined,
      words: lazyWords(() => text),
    };
  }
  const { result, page } = await d.sketcher.page(text, got.url, options);
  if (!result.ok) return { ok: false as const, kind: 'unreadable' };
  return {
    ok: true as const,
    url: got.url,
    sketch: cutSketch(deserializeSketch(result.bytes)),
    title: page.title,
    short: page.short,
    phrases: page.phrases ?? [],
    canonical: page.canonical,
    words: lazyWords(() => htmlToText(text)),
  };
}

function lazyWords(read: () => string): () => HeldText | undefined {
  let held: HeldText | undefined;
  return () => {
    try {
      held ??= new HeldText(read());
    } catch {
      return undefined;
    }
    return held;
  };
}

/** What lost and found verifies candidates against: the dead page as the store last knew it, or as its engine showed it. */
export interface LostPage {
  sketch?: Sketch;
  title: string;
  /** The phrases remembered from it (the store's record): a copy must hold them word for word. */
  phrases?: readonly string[];
  /** Its result's title and snippet on a results page: the evidence for a page never seen alive. */
  shown?: { title: string; snippet: string };
}

/**
 * Fetches and measures each candidate (./confirm.ts `verifyCopy`: the sketches, then the words), `atOnce` at a time (default: the queue's); only those that pass
 * are alternates (never one without its measure), added to `r` ranked, each saved as it comes.
 */
export async function verifyAll(d: LostDeps, r: LostReport, cands: Candidate[], lost: LostPage, atOnce?: number): Promise<void> {
  const q = new FetchQueue<void, Candidate & { rank: number }>(
    async (c, signal) => {
      const got = await sketchOf(d, c.url, signal);
      if (!got.ok) return;
      // A copy that reads as an error page (an archived 404, say) is no copy.
      if (got.short !== undefined && !archivedCopyUsable({ title: got.title, text: got.short })) return;
      const v = verifyCopy(
        lost,
        { url: c.url, title: got.title || c.title, sketch: got.sketch, text: got.words },
        { threshold: d.settings.resemblanceThreshold, containment: d.settings.containmentThreshold },
      );
      if (!v.accepted) return;
      const alt: Alternate = {
        url: c.url,
        title: got.title || c.title,
        source: c.source,
        resemblance: v.resemblance,
        containment: v.containment,
        checkedAt: Date.now(),
        basis: v.basis,
        ...(c.archivedAt ? { archivedAt: c.archivedAt } : {}),
      };
      r.alternates = rankAlternates([...r.alternates, alt]);
      await d.save(r);
    },
    atOnce ? { perTab: atOnce } : {},
  );
  q.add(cands.map((c, i) => ({ ...c, rank: i + 1 })));
  await q.idle();
}
