import { browser } from 'wxt/browser';
import { useState } from 'preact/hooks';
import { safeHref } from '../../components/group-list';
import { deadKindShort, reasonWords } from '../../words/lost';
import { lostPageFor } from '../../shared/private-lost';
import { errorText } from '../../page-support/messaging';
import type { Alternate } from '../../lib/lost/report';
import type { TabState } from '../../lib/tab/tab-state';
import { PopupAlternates } from './popup-alternates';
import { plural, t } from '../../shared/i18n';

/** A dead result as the popup lists it: rank, title, why, and the address lost and found is opened for (http(s) only). */
export interface DeadLine {
  rank: number;
  title: string;
  why: string;
  url?: string;
  /** Its live copies the background found at once (issue #15), from the tab's state. */
  alternates?: Alternate[];
}

/** The tab's dead results, in rank order, with what the popup knows of each from `items`. */
export function deadLines(s: TabState): DeadLine[] {
  const byRank = new Map((s.items ?? []).map((it) => [it.rank, it]));
  return [...(s.dead ?? [])]
    .sort((a, b) => a.rank - b.rank)
    .map((d) => {
      const it = byRank.get(d.rank);
      return {
        rank: d.rank,
        title: it ? it.title.trim() || it.displayUrl || it.url : t('common_resultN', String(d.rank)),
        why: deadKindShort(d.kind),
        url: it ? safeHref(it.url) : undefined,
        alternates: d.alternates,
      };
    });
}

/** "3 results on this page seem dead" / "1 result on this page seems dead". */
export function deadCountText(n: number): string {
  return plural('popup_deadCount', n);
}

/**
 * Lost and found from the popup (issue #7): the tab's own page failed to load, or results on it seem
 * dead. "Find a copy" opens lost.html for that address in a new tab and closes the popup.
 */
export function DeadPageOffer({ s }: { s: TabState }) {
  const [error, setError] = useState<string>();
  const dead = deadLines(s);
  const page = s.deadPage;
  if (!page && dead.length === 0) return null;
  const pageHref = page && safeHref(page.url);

  const open = (url: string) => {
    try {
      // A private tab's address never goes into the page's (issue #28: shared/private-lost.ts).
      lostPageFor(url, s.tabId)
        .then((page) => browser.tabs.create({ url: page }))
        .then(
          () => window.close(),
          (e: unknown) => setError(errorText(e)),
        );
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <>
      {page && (
        <aside class="offer dead-page" aria-labelledby="dead-page-title" data-testid="dead-page">
          <p id="dead-page-title">
            <strong>{t('popup_deadPage', reasonWords(page.reason))}</strong>
          </p>
          {pageHref ? (
            <>
              <p class="muted">{t('popup_deadPage_hint')}</p>
              <p>
                <button type="button" class="primary" onClick={() => open(pageHref)}>
                  {t('popup_findCopy')}
                </button>{' '}
                <span class="muted">{t('popup_fullReport')}</span>
              </p>
              <PopupAlternates url={pageHref} known={page.alternates} label={t('popup_thisPageLower')} />
            </>
          ) : (
            <p class="muted">{t('popup_deadPage_noUrl')}</p>
          )}
        </aside>
      )}
      {dead.length > 0 && (
        <section class="dead-results" aria-labelledby="dead-results-title" data-testid="dead-results">
          <p id="dead-results-title">
            <strong>{deadCountText(dead.length)}</strong>
          </p>
          <ul class="members">
            {dead.map((d) => (
              <li key={d.rank} class="member" data-rank={d.rank}>
                <span class="rank">#{d.rank}</span> <span class="result-title">{d.title}</span>
                <span class="domain">
                  {d.why}
                  {d.url && (
                    <>
                      {' · '}
                      <button type="button" class="link" onClick={() => open(d.url!)} aria-label={t('popup_findCopyOf_aria', String(d.rank))}>
                        {t('popup_findCopyLower')}
                      </button>
                    </>
                  )}
                </span>
                {d.url && <PopupAlternates url={d.url} known={d.alternates} label={t('common_resultN', String(d.rank))} />}
              </li>
            ))}
          </ul>
        </section>
      )}
      {error && <p class="quiet-error">{t('popup_lostError', error)}</p>}
    </>
  );
}
