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
import { rankAlternates, verify } from './rank';

/**
 * A fetched page's sketch (cut as the store keeps them) with its title, short text, phrases and
 * canonical link, or why not. A plain-text page's phrases are picked only when asked (`opts.phrases`).
 */
export async function sketchOf(d: Pick<LostDeps, 'fetchPage' | 'sketcher'> & { settings: Pick<LostDeps['settings'], 'pageShingle' | 'sketchSize'> }, url: string, signal?: AbortSignal, opts?: { phrases?: boolean }) {
  const got = await d.fetchPage(url, signal);
  if (!got.ok) return { ok: false as const, kind: got.kind };
  const { text } = decodeBytes(got.body);
  const options = { shingle: d.settings.pageShingle, size: d.settings.sketchSize };
  if (got.contentType === 'text/plain') {
    const [res] = await d.sketcher.sketch([{ text, format: 'auto' }], options);
    if (!res?.ok) return { ok: false as const, kind: 'unreadable' };
    return { ok: true as const, url: got.url, sketch: cutSketch(deserializeSketch(res.bytes)), title: text.split('\n')[0].slice(0, 200), short: text.length < 2000 ? text : undefined, phrases: opts?.phrases ? pickPhrases(text) : [], canonical: undefined };
  }
  const { result, page } = await d.sketcher.page(text, got.url, options);
  if (!result.ok) return { ok: false as const, kind: 'unreadable' };
  return { ok: true as const, url: got.url, sketch: cutSketch(deserializeSketch(result.bytes)), title: page.title, short: page.short, phrases: page.phrases ?? [], canonical: page.canonical };
}

/**
 * Fetches and measures each candidate, `atOnce` at a time (default: the queue's); only those that pass
 * are alternates (never one without its measure), added to `r` ranked, each saved as it comes.
 */
export async function verifyAll(d: LostDeps, r: LostReport, cands: Candidate[], lost: Sketch | undefined, title: string, atOnce?: number): Promise<void> {
  const q = new FetchQueue<void, Candidate & { rank: number }>(async (c, signal) => {
    const got = await sketchOf(d, c.url, signal);
    if (!got.ok) return;
    // A copy that reads as an error page (an archived 404, say) is no copy.
    if (got.short !== undefined && !archivedCopyUsable({ title: got.title, text: got.short })) return;
    const v = verify({ sketch: lost, title }, { url: c.url, title: got.title || c.title, sketch: got.sketch }, { threshold: d.settings.resemblanceThreshold, containment: d.settings.containmentThreshold });
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
  }, atOnce ? { perTab: atOnce } : {});
  q.add(cands.map((c, i) => ({ ...c, rank: i + 1 })));
  await q.idle();
}
