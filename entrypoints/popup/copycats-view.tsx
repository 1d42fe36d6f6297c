import { safeHref } from '../../components/group-list';
import type { TabState } from '../../lib/tab/tab-state';
import { copycatWords } from '../../words/copycat';
import { type MessageKey, t } from '../../shared/i18n';

const DOES: Record<NonNullable<TabState['copycatDisplay']>, MessageKey> = {
  label: 'popup_copycat_label',
  hide: 'popup_copycat_hide',
  off: 'popup_copycat_off',
};

/**
 * Why results are labelled or hidden as copies of other sites (issue #19): each result from a copycat
 * site, its label, what the page does with it, and the evidence. Everything from pages is set as text.
 */
export function CopycatsView({ s }: { s: TabState }) {
  const list = s.copycats ?? [];
  if (!list.length) return null;
  const items = new Map((s.items ?? []).map((i) => [i.rank, i]));
  return (
    <section class="copycats" aria-labelledby="copycats-title">
      <h2 id="copycats-title">{t('popup_copycats_title')}</h2>
      <ul>
        {list.map((c) => {
          const item = items.get(c.rank);
          const href = item && safeHref(item.url);
          const words = copycatWords(c.mark);
          return (
            <li key={c.rank} data-rank={c.rank}>
              <strong>#{c.rank}</strong>{' '}
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {item?.title || c.site}
                </a>
              ) : (
                c.site
              )}{' '}
              · {c.site}
              <p class="copycat-label">
                {t(
                  'popup_copycat_line',
                  words.label,
                  t(s.copycatDisplay === 'hide' && c.labelOnly ? 'popup_copycat_labelOnly' : DOES[s.copycatDisplay ?? 'label']),
                )}
              </p>
              <p class="evidence copycat-detail">{words.detail}</p>
            </li>
          );
        })}
      </ul>
      <p class="muted">{t('popup_copycats_hint')}</p>
    </section>
  );
}
