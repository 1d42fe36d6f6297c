import { useState } from 'preact/hooks';
import { safeHref } from '../../components/group-list';
import { formatDateTime, sourceLine, sourceStateText, sourceName, sourceWords } from '../../words/lost';
import { errorText } from '../../page-support/messaging';
import { requestPageAccess, usePageAccess } from '../../page-support/page-access';
import { domainOf } from '../../lib/url/host';
import type { Alternate } from '../../lib/lost/report';
import { alternatesState, alternatesStateText, mergeAlternates } from './alternates';
import { useSearchMore } from './use-search-more';
import { pct, t } from '../../shared/i18n';

/** One verified copy: its domain as a link (http(s) only), its measures, where it was found and when. Text only. */
function AlternateLine({ a, hasSketch }: { a: Alternate; hasSketch: boolean }) {
  const href = safeHref(a.url);
  const domain = domainOf(a.url) || a.url;
  const measures =
    a.basis === 'title'
      ? t('popup_alt_titlesAlike', pct(a.resemblance))
      : a.basis === 'snippet'
        ? t('popup_alt_holdsSnippet')
        : t('popup_alt_measures', pct(a.resemblance), pct(a.containment || 0));
  return (
    <li class="alternate" data-url={a.url} data-source={a.source} data-basis={a.basis}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {domain}
        </a>
      ) : (
        <span>{domain}</span>
      )}{' '}
      {/* The copy's title in words, not in a hover-only title attribute (a phone has no hover). */}
      {a.title?.trim() && <span class="alt-title">{a.title.trim()}</span>} <span class="measures">{measures}</span>
      <span class="muted alt-source">{t('popup_alt_source', sourceWords(a, hasSketch), formatDateTime(a.checkedAt))}</span>
    </li>
  );
}

/**
 * The live copies of one dead URL in the popup (issue #15): those the background found at once
 * (`known`, from the tab's state), and "search for more" running the on-request sources in place,
 * the list growing as copies are verified. `label` names the dead URL for assistive technology.
 */
export function PopupAlternates({ url, known, label }: { url: string; known?: Alternate[]; label: string }) {
  const more = useSearchMore(url);
  const access = usePageAccess();
  const [problem, setProblem] = useState<string>();
  const list = mergeAlternates(known, more.report?.alternates);
  const state = alternatesState(list.length, more.report, more.running, access);
  const hasSketch = more.report?.hasSketch ?? true;

  const allow = async () => {
    setProblem(undefined);
    try {
      // First, inside the click: the browser shows its prompt only during a user action.
      if (!(await requestPageAccess())) return setProblem(t('popup_alt_refused'));
      more.start(true);
    } catch (e) {
      setProblem(errorText(e));
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset brings a border and legend the design has not; role=group with its label reads the same
    <div class="popup-alternates" data-testid="alternates" data-state={state} aria-label={t('popup_alt_aria', label)} role="group">
      {list.length > 0 && (
        <ol class="alternates">
          {list.map((a) => (
            <AlternateLine key={a.url} a={a} hasSketch={hasSketch} />
          ))}
        </ol>
      )}
      <p class="muted alt-state" role="status">
        {alternatesStateText(state, list.length)}
      </p>
      {more.running && more.report && (
        <ul class="alt-sources muted">
          {more.report.sources.map((s) => (
            <li key={s.source} data-source={s.source} data-state={s.state}>
              {sourceLine(sourceName(s.source, hasSketch), sourceStateText(s))}
            </li>
          ))}
        </ul>
      )}
      {state === 'no-access' ? (
        <button type="button" onClick={() => void allow()}>
          {t('common_allowAccess')}
        </button>
      ) : (
        !more.running && (
          <button type="button" class="link" onClick={() => more.start(!!more.report)} aria-label={t('popup_alt_more_aria', label)}>
            {t('popup_alt_more')}
          </button>
        )
      )}
      {(problem || more.error) && <p class="quiet-error">{problem ?? t('popup_alt_error', String(more.error))}</p>}
    </div>
  );
}
