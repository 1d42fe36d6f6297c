import { domainOf } from '../lib/group/describe';
import type { CopiesReport, PageCopy } from '../lib/copies/report';
import { COPIES_NEEDS_ACCESS, alikeText, copiesProgress, copiesWork, copyDirections, measuredCopy } from '../page-support/copies-words';
import { formatDateTime } from '../page-support/lost-words';
import { safeHref } from './group-list';

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
  const href = safeHref(c.url);
  const title = (typeof c.title === 'string' ? c.title.trim() : '') || c.url;
  const [holds, held] = copyDirections(c);
  return (
    <li class="alternate" data-url={c.url} data-resemblance={String(c.resemblance)} data-page-in-copy={String(c.pageInCopy)} data-copy-in-page={String(c.copyInPage)}>
      <h3 class="alt-title">{href ? <a href={href} target="_blank" rel="noreferrer">{title}</a> : <span>{title}</span>}</h3>
      <span class="domain">{domainOf(c.url)}</span>
      <p class="alt-measures">
        <strong class="measures-text">{alikeText(c)}</strong>
        {' · '}
        <span class="page-in-copy">{holds}</span>
        {' · '}
        <span class="copy-in-page">{held}</span>
      </p>
      <p class="alt-source muted">fetched and measured {formatDateTime(c.checkedAt, locale)}</p>
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
          <progress aria-label="Looking for copies" max={max} value={value} />
        ) : (
          running && <progress aria-label="Looking for copies" />
        )}
        {running && onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        {!running && onAgain && (
          <button type="button" onClick={onAgain}>
            Search again
          </button>
        )}
      </div>
      {report.needsAccess && (
        <div class="notice needs-access" data-testid="needs-access">
          <p>{COPIES_NEEDS_ACCESS}</p>
          {onAllowAccess && (
            <button type="button" onClick={onAllowAccess} disabled={allowing}>
              {allowing ? 'Asking…' : 'Allow access to sites'}
            </button>
          )}
          {accessError && (
            <p class="error" role="alert">
              {accessError}
            </p>
          )}
        </div>
      )}
      {(report.restarts ?? 0) > 0 && (
        <p class="muted" data-testid="restarted">
          The browser stopped Resemble's background during this search: it started over.
        </p>
      )}
      {report.saveError && (
        <p class="error" role="alert" data-testid="save-error">
          Resemble could not save this search: {report.saveError}. It goes on, but is lost if the browser stops Resemble's background.
        </p>
      )}
      {report.queries.length > 0 && (
        <section aria-labelledby="queries-title">
          <h2 id="queries-title">Searched for</h2>
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
        <h2 id="copies-title">Copies found</h2>
        {list.length > 0 ? (
          <ol data-testid="copies" class="alternates">
            {list.map((c, i) => (
              <PageCopyItem key={`${i}:${c.url}`} c={c} locale={locale} />
            ))}
          </ol>
        ) : (
          <p class={report.done ? 'none' : 'muted'}>{report.done ? 'No copy of this page was found.' : 'None measured yet.'}</p>
        )}
        <p class="hint" data-testid="work">
          {copiesWork(report)} Each candidate was fetched and compared with this page: “alike” is their resemblance; the two shares say how much of
          each text is in the other.
        </p>
      </section>
    </div>
  );
}
