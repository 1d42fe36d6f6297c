import type { Alternate, LostReport } from '../lib/lost/report';
import { safeHref } from './group-list';
import { AlternateHeading } from './alternate-heading';
import { NeedsAccess } from './needs-access';
import { t } from '../shared/i18n';
import {
  archiveOff,
  formatDate,
  formatDateTime,
  measured,
  measuresText,
  needsAccessText,
  noCopyText,
  progressLine,
  sketchText,
  sourceLineParts,
  sourceName,
  sourceStateText,
  sourceWords,
  statusWords,
  titleBasisLabel,
} from '../words/lost';

/**
 * The lost-and-found report (issue #7), drawn from the background's LostReport alone: no browser API
 * here, so it renders in tests as it does in the page. Everything that came from a page (titles,
 * phrases, addresses) is set as text by JSX, never as markup; only http(s) addresses become links.
 */

export interface LostReportViewProps {
  report: LostReport;
  /** The archiveLookups setting; undefined while the settings load. */
  archiveLookups?: boolean;
  /** Turns archive lookups on and searches again (shown on the archive source when it was skipped for that). */
  onEnableArchive?: () => void;
  /** While turning them on, or why that failed. */
  enabling?: boolean;
  enableError?: string;
  /** Starts the search over ("Search again"). */
  onAgain?: () => void;
  /** Asks for access to sites and searches again (shown when the report says it needs it). */
  onAllowAccess?: () => void;
  /** While asking, or why that failed. */
  allowing?: boolean;
  accessError?: string;
  /** Dates in this language (tests fix one); the user's by default. */
  locale?: string;
}

/** What Resemble last knew of the dead URL: title, dates, last check, the sketch (or its absence) and the phrases. */
export function LostKnown({ report, locale }: { report: LostReport; locale?: string }) {
  const k = report.known;
  const phrases = (k?.phrases ?? []).filter((p) => typeof p === 'string' && p.trim() !== '');
  return (
    <section class="lost-known" data-testid="known" aria-labelledby="known-title">
      <h2 id="known-title">{t('lost_known_heading')}</h2>
      {!k && <p>{t('lost_known_none')}</p>}
      {(k || report.recheck) && (
        <dl class="facts">
          {k && (
            <>
              <dt>{t('lost_known_title')}</dt>
              <dd class="known-title">{k.title.trim() || <span class="muted">{t('lost_known_noTitle')}</span>}</dd>
              <dt>{t('lost_known_seen')}</dt>
              <dd>{t('lost_known_seenDates', formatDate(k.firstSeen, locale), formatDate(k.lastSeen, locale))}</dd>
              {(k.status !== undefined || k.fetchedAt !== undefined) && (
                <>
                  <dt>{t('lost_known_lastCheck')}</dt>
                  <dd class="known-status">
                    {k.fetchedAt !== undefined ? t('lost_known_at', formatDateTime(k.fetchedAt, locale), statusWords(k.status)) : statusWords(k.status)}
                  </dd>
                </>
              )}
            </>
          )}
          {report.recheck && (
            <>
              <dt>{t('lost_known_recheck')}</dt>
              <dd class="recheck" data-testid="recheck" data-status={report.recheck.status}>
                {t('lost_known_at', formatDateTime(report.recheck.at, locale), statusWords(report.recheck.status))}
              </dd>
            </>
          )}
        </dl>
      )}
      <p class={report.hasSketch ? 'sketch' : 'sketch none'}>{sketchText(report)}</p>
      {phrases.length > 0 && (
        <>
          <h3 id="phrases-title">{t('lost_phrases_heading')}</h3>
          <ul class="phrases" aria-labelledby="phrases-title">
            {phrases.map((p, i) => (
              <li key={i}>
                <q>{p}</q>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Each source in the order it is tried, with its live state. */
export function LostSources({ report, archiveLookups, onEnableArchive, enabling, enableError }: LostReportViewProps) {
  const line = sourceLineParts();
  return (
    <section class="lost-sources" aria-labelledby="sources-title">
      <h2 id="sources-title">{t('lost_sources_heading')}</h2>
      <ol data-testid="sources" class="sources">
        {report.sources.map((s) => {
          const off = archiveOff(s, archiveLookups);
          const name = <span class="source-name">{sourceName(s.source, report.hasSketch)}</span>;
          const state = <span class="source-state">{sourceStateText(s, archiveLookups)}</span>;
          return (
            <li key={s.source} data-source={s.source} data-state={s.state} class={`source ${s.state}`}>
              {line.before}
              {line.nameFirst ? name : state}
              {line.between}
              {line.nameFirst ? state : name}
              {line.after}
              {off && onEnableArchive && (
                <>
                  {' '}
                  <button type="button" class="link" onClick={onEnableArchive} disabled={enabling}>
                    {t('lost_archive_enable')}
                  </button>{' '}
                  <span class="hint">{t('lost_archive_enable_hint')}</span>
                </>
              )}
              {off && enableError && <p class="field-error">{enableError}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** One verified alternate: its title (a link only for http(s)), domain, measures, source and check date. */
export function LostAlternate({ a, hasSketch, locale }: { a: Alternate; hasSketch: boolean; locale?: string }) {
  const weak = a.basis === 'title';
  return (
    <li data-source={a.source} data-url={a.url} data-resemblance={String(a.resemblance)} data-basis={a.basis} class={weak ? 'alternate weak' : 'alternate'}>
      <AlternateHeading url={a.url} title={a.title} />
      <p class="alt-measures">
        <strong class="measures-text">{measuresText(a)}</strong>
        {weak && (
          <>
            {' · '}
            <span class="basis-title">{titleBasisLabel()}</span>
          </>
        )}
      </p>
      <p class="alt-source muted">{t('lost_alt_sourceChecked', sourceWords(a, hasSketch, locale), formatDateTime(a.checkedAt, locale))}</p>
    </li>
  );
}

/** The alternates in the background's order (best first); none without a measured resemblance. */
export function LostAlternates({ report, locale }: { report: LostReport; locale?: string }) {
  const list = report.alternates.filter(measured);
  return (
    <section class="lost-alternates" aria-labelledby="alternates-title">
      <h2 id="alternates-title">{t('lost_alternates_heading')}</h2>
      {list.length > 0 ? (
        <ol data-testid="alternates" class="alternates">
          {list.map((a, i) => (
            <LostAlternate key={`${i}:${a.url}`} a={a} hasSketch={report.hasSketch} locale={locale} />
          ))}
        </ol>
      ) : report.done ? (
        <p class="none">{noCopyText(report)}</p>
      ) : (
        <p class="muted">{t('lost_alternates_noneYet')}</p>
      )}
      {list.length > 0 && <p class="hint">{t('lost_alternates_hint')}</p>}
    </section>
  );
}

/** The whole report: the progress line, the URL answering again, what was known, the sources and the alternates. */
export function LostReportView(props: LostReportViewProps) {
  const { report, onAgain, locale } = props;
  const aliveHref = report.alive ? safeHref(report.url) : undefined;
  return (
    <div class="lost-report">
      <div class="lost-progress">
        <p role="status">{progressLine(report)}</p>
        {!report.done && <progress aria-label={t('lost_progress_aria')} />}
        {report.done && onAgain && (
          <button type="button" onClick={onAgain}>
            {t('lost_again')}
          </button>
        )}
      </div>
      {report.alive && (
        <p class="notice alive" data-testid="alive">
          {t('lost_alive')}{' '}
          {aliveHref && (
            <a href={aliveHref} target="_blank" rel="noreferrer">
              {t('lost_alive_open')}
            </a>
          )}
        </p>
      )}
      {report.needsAccess && (
        <NeedsAccess text={needsAccessText()} onAllowAccess={props.onAllowAccess} allowing={props.allowing} accessError={props.accessError} />
      )}
      {report.saveError && (
        <p class="error" role="alert" data-testid="save-error">
          {t('lost_saveError', report.saveError)}
        </p>
      )}
      <LostKnown report={report} locale={locale} />
      <LostSources {...props} />
      <LostAlternates report={report} locale={locale} />
    </div>
  );
}
