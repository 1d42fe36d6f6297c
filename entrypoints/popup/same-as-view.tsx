import { plural } from '../../shared/i18n';
import type { TabState } from '../../lib/tab/tab-state';

/** "2 results are shown again elsewhere on this page, in cards: #1, #3" (issue #41: recipes, videos, news…). */
export function sameAsText(ranks: readonly number[]): string {
  return plural('popup_sameAs', ranks.length, ranks.map((r) => `#${r}`).join(', '));
}

/** The results the page's cards of other verticals repeat: counted, never hidden (the page flags the cards). */
export function SameAsView({ s }: { s: TabState }) {
  if (!s.sameAs?.length) return null;
  return (
    <p class="muted same-as" data-testid="same-as">
      {sameAsText(s.sameAs)}
    </p>
  );
}
