import { verticalCards } from '../../lib/engines/vertical-cards';
import type { PageGroups } from '../../lib/tab/page-groups';
import { normalizeUrl } from '../../lib/url/normalize';
import { sameAsLabel, sameAsTip } from '../../words/groups';
import { t } from '../../shared/i18n';
import type { Lifetime } from './lifetime';
import { ATTR, type ResultBlocks } from './marks';
import { type PageUi, mountUi, withTip } from './page-ui';

const key = (url: string) => normalizeUrl(url) ?? url;

/**
 * Issue #41: a card of another vertical (a recipe, a video, a story, a "people also ask" source) whose
 * link is the same page as an organic result says so beside it, "same as #1", and carries
 * `data-resemble-same-as="1"`. Flag only: the card stays where it is, as it is (a label appended inside
 * it, set as text). The same page: the same address once normalised (lib/url/normalize.ts), or the
 * address an opaque result's link was followed to (`view.resolved`). Returns the mounts and the ranks
 * named, for the popup's count.
 */
export function markSameAs(ctx: Lifetime, blocks: ResultBlocks, view: PageGroups, page: { url: string }): { mounts: Promise<PageUi>[]; ranks: number[] } {
  const rankOf = new Map<string, number>();
  const ranks = blocks.ranks().sort((a, b) => a - b);
  const resolved = new Map((view.resolved ?? []).map((r) => [r.rank, r.url]));
  for (const rank of [...ranks].reverse()) {
    for (const u of [blocks.urlOf(rank), resolved.get(rank)]) if (u) rankOf.set(key(u), rank); // the best rank wins
  }
  const blocksByRank = ranks.map((r) => blocks.of(r));
  const mounts: Promise<PageUi>[] = [];
  const named = new Set<number>();
  for (const c of verticalCards(document, blocksByRank, page)) {
    const rank = rankOf.get(key(c.url));
    if (rank === undefined || c.card.hasAttribute(ATTR.sameAs)) continue;
    c.card.setAttribute(ATTR.sameAs, String(rank));
    named.add(rank);
    mounts.push(
      mountUi(ctx, c.card, 'last', (box) => {
        const label = document.createElement('span');
        label.className = 'label same-as';
        label.setAttribute('role', 'note');
        label.tabIndex = 0;
        label.textContent = sameAsLabel(rank);
        label.setAttribute('aria-label', t('page_sameAs_aria', String(rank)));
        withTip(box, label, sameAsTip(rank));
      }),
    );
  }
  return { mounts, ranks: [...named].sort((a, b) => a - b) };
}
