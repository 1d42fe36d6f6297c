import type { CopiesReport, PageCopy } from '../lib/copies/report';
import { alikeText, copiesNeedsAccess, copiesProgress, copiesWork, copyDirections, measuredCopy } from '../words/copies';
import { formatDateTime } from '../words/lost';
import { t, uiLanguage } from '../shared/i18n';
import { AlternateHeading } from './alternate-heading';
import { NeedsAccess } from './needs-access';

/**
 * "Copies of this page" (issue #19), drawn from the background's CopiesReport alone (no browser API:
 * it renders in tests as in the page). Titles and addresses are set as text by JSX, never as markup;
 * only http(s) addresses become links.
 */
export interface CopiesReportViewProps {
  report: CopiesReport;
  onCancel?: () => void;
  onAgain?: () => void;
  onAllowAccess?: () => void;
  allowing?: boolean;
  accessError?: string;
  locale?: string;
}

export function PageCopyItem({ c, locale }: { c: PageCopy; locale?: string }) {
  const [holds, held] = copyDirections(c);
  return (
    <li
      class="alternate"
      data-url={c.url}
      data-resemblance={String(c.resemblance)}
      data-page-in-copy={String(c.pageInCopy)}
      data-copy-in-page={String(c.copyInPage)}
    >
      <AlternateHeading url={c.url} title={c.title} />
      <p class="alt-measures">
        <strong class="measures-text">{alikeText(c)}</strong>
        {' · '}
        <span class="page-in-copy">{holds}</span>
        {' · '}
        <span class="copy-in-page">{held}</span>
      </p>
      <p class="alt-source muted">{t('copies_checkedAt', formatDateTime(c.checkedAt, locale ?? uiLanguage()))}</p>
    </li>
  );
}

export function CopiesReportView({ report, onCancel, onAgain, onAllowAccess, allowing, accessError, locale }: CopiesReportViewProps) {
  const list = report.copies.filter(measuredCopy);
  const running = !report.done;
  const max = report.state === 'searching' ? report.searches.max : report.fetches.total;
  const value = report.state === 'searching' ? report.searches.done : report.fetches.done;
  return (
    <div class="lost-report copies-report">
      <div class="lost-progress">
        <p role="status" data-testid="progress">
          {copiesProgress(report)}
        </p>
        {running && (report.state === 'searching' || report.state === 'measuring') && max > 0 ? (
          <progress aria-label={t('copies_progress')} max={max} value={value} />
        ) : (
          running && <progress aria-label={t('copies_progress')} />
        )}
        {running && onCancel && (
          <button type="button" onClick={onCancel}>
            {t('copies_cancel')}
          </button>
        )}
        {!running && onAgain && (
          <button type="button" onClick={onAgain}>
            {t('copies_again')}
          </button>
        )}
      </div>
      {report.needsAccess && <NeedsAccess text={copiesNeedsAccess()} onAllowAccess={onAllowAccess} allowing={allowing} accessError={accessError} />}
      {(report.restarts ?? 0) > 0 && (
        <p class="muted" data-testid="restarted">
          {t('copies_restarted')}
        </p>
      )}
      {report.saveError && (
        <p class="error" role="alert" data-testid="save-error">
          {t('copies_saveError', report.saveError)}
        </p>
      )}
      {report.queries.length > 0 && (
        <section aria-labelledby="queries-title">
          <h2 id="queries-title">{t('copies_queries')}</h2>
          <ul class="phrases" data-testid="queries">
            {report.queries.map((q, i) => (
              <li key={i}>
                <q>{q.replace(/^"|"$/g, '')}</q>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section class="lost-alternates" aria-labelledby="copies-title">
        <h2 id="copies-title">{t('copies_found')}</h2>
        {list.length > 0 ? (
          <ol data-testid="copies" class="alternates">
            {list.map((c, i) => (
              <PageCopyItem key={`${i}:${c.url}`} c={c} locale={locale} />
            ))}
          </ol>
        ) : (
          <p class={report.done ? 'none' : 'muted'}>{report.done ? t('copies_none') : t('copies_noneYet')}</p>
        )}
        <p class="hint" data-testid="work">
          {copiesWork(report)} {t('copies_work_hint')}
        </p>
      </section>
    </div>
  );
}
