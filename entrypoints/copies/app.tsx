import { useEffect, useState } from 'preact/hooks';
import { CopiesReportView } from '../../components/copies-report';
import { check } from '../../lib/validate';
import { copiesReportCheck } from '../../lib/copies/report';
import { parseCopiesRun } from '../../words/copies';
import { t } from '../../shared/i18n';
import { errorText, send } from '../../page-support/messaging';
import { requestPageAccess } from '../../page-support/page-access';
import { usePolledReport } from '../../page-support/use-polled-report';
import { domainOf } from '../../lib/url/host';

const ASK_TIMEOUT_MS = 15_000;

/** A reply read as a report only when it is one (a newer or broken background says so, not "undefined"). */
async function ask(id: string, again: boolean) {
  const got = check(copiesReportCheck, await send('copies/get', again ? { id, again: true } : { id }, { timeoutMs: ASK_TIMEOUT_MS }));
  if (!got.ok) throw new Error(t('copies_badAnswer', got.errors.slice(0, 2).join('; ')));
  return got.value;
}

/**
 * "Copies of this page" (issue #19): copies.html?run=<id>, opened by the page's context menu or the
 * popup. It only reads the background's run (copies/get), polled until done, and may cancel it.
 */
export function App({ search }: { search: string }) {
  const run = parseCopiesRun(search);
  return (
    <main class="lost copies">
      <header>
        <h1>{t('copies_title')}</h1>
        <span class="muted">Resemble</span>
      </header>
      {run.ok ? (
        <Copies id={run.id} />
      ) : (
        <p class="notice error" role="alert">
          {run.error}
        </p>
      )}
    </main>
  );
}

function Copies({ id }: { id: string }) {
  const { report, error, again, retry } = usePolledReport((a) => ask(id, a), id);
  const [cancelError, setCancelError] = useState<string>();
  const [allowing, setAllowing] = useState(false);
  const [accessError, setAccessError] = useState<string>();

  useEffect(() => {
    if (report?.url) document.title = t('copies_docTitle', domainOf(report.url));
  }, [report?.url]);

  const cancel = () => {
    setCancelError(undefined);
    // The poll reads the cancelled report on its next ask.
    send('copies/cancel', { id }).catch((e: unknown) => setCancelError(t('copies_cancelFailed', errorText(e))));
  };
  const allowAccess = async () => {
    setAccessError(undefined);
    setAllowing(true);
    try {
      // First, inside the click: the browser shows its prompt only during a user action.
      if (!(await requestPageAccess())) return setAccessError(t('copies_accessDenied'));
      again();
    } catch (e) {
      setAccessError(t('copies_accessFailed', errorText(e)));
    } finally {
      setAllowing(false);
    }
  };

  return (
    <>
      <p class="target">
        <span class="label">{t('copies_target')}</span>{' '}
        <span class="url" data-testid="url">
          {report?.url ?? '…'}
        </span>
        {report?.title && (
          <>
            {' '}
            <span class="muted" data-testid="title">
              ({report.title})
            </span>
          </>
        )}
      </p>
      {error && (
        <p class="notice error" role="alert">
          {t('copies_noAnswer', error)}{' '}
          <button type="button" class="link" onClick={retry}>
            {t('copies_retry')}
          </button>
        </p>
      )}
      {cancelError && (
        <p class="quiet-error" role="alert">
          {cancelError}
        </p>
      )}
      {report ? (
        <CopiesReportView
          report={report}
          onCancel={cancel}
          onAgain={again}
          onAllowAccess={() => void allowAccess()}
          allowing={allowing}
          accessError={accessError}
        />
      ) : (
        !error && (
          <p class="muted" role="status">
            {t('copies_askingResemble')}
          </p>
        )
      )}
    </>
  );
}
