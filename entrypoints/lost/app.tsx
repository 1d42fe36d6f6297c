import { useEffect, useState } from 'preact/hooks';
import { archiveRefused, requestArchiveAccess } from '../../page-support/lost-archive';
import { LostReportView } from '../../components/lost-report';
import { parseLostTarget } from '../../words/lost';
import { t } from '../../shared/i18n';
import { errorText } from '../../page-support/messaging';
import { requestPageAccess } from '../../page-support/page-access';
import { useSettings } from '../../page-support/use-settings';
import { domainOf } from '../../lib/url/host';
import { useLostReport } from './use-lost-report';

/**
 * Lost and found (issue #7): the extension page for one dead URL, opened as lost.html?url=… from the
 * popup or a results page. It only reads the background's answers (lost/find), polled until done.
 */
export function App({ search }: { search: string }) {
  const target = parseLostTarget(search);
  return (
    <main class="lost">
      <header>
        <h1>{t('lost_title')}</h1>
        <span class="muted">Resemble</span>
      </header>
      {target.ok ? (
        <Lost url={target.url} />
      ) : (
        <p class="notice error" role="alert">
          {target.error}
        </p>
      )}
    </main>
  );
}

function Lost({ url }: { url: string }) {
  const { report, error, again, retry } = useLostReport(url);
  const { settings, status, save } = useSettings();
  const [enabling, setEnabling] = useState(false);
  const [enableError, setEnableError] = useState<string>();

  useEffect(() => {
    document.title = t('lost_docTitle', domainOf(url));
  }, [url]);

  const [allowing, setAllowing] = useState(false);
  const [accessError, setAccessError] = useState<string>();
  const allowAccess = async () => {
    setAccessError(undefined);
    setAllowing(true);
    try {
      // First, inside the click: the browser shows its prompt only during a user action.
      if (!(await requestPageAccess())) return setAccessError(t('lost_accessDenied'));
      again();
    } catch (e) {
      setAccessError(t('copies_accessFailed', errorText(e)));
    } finally {
      setAllowing(false);
    }
  };

  const enableArchive = async () => {
    setEnableError(undefined);
    setEnabling(true);
    try {
      // First, inside the click: the browser shows its prompt only during a user action.
      if (!(await requestArchiveAccess())) return setEnableError(archiveRefused());
      const problem = await save({ archiveLookups: true });
      if (problem) return setEnableError(problem);
      again();
    } catch (e) {
      setEnableError(t('lost_archiveFailed', errorText(e)));
    } finally {
      setEnabling(false);
    }
  };

  return (
    <>
      <p class="target">
        <span class="label">{t('copies_target')}</span>{' '}
        <span class="url" data-testid="url">
          {url}
        </span>
      </p>
      {error && (
        <p class="notice error" role="alert">
          {t('lost_noAnswer', error)}{' '}
          <button type="button" class="link" onClick={retry}>
            {t('copies_retry')}
          </button>
        </p>
      )}
      {report ? (
        <LostReportView
          report={report}
          archiveLookups={status === 'ready' ? settings.archiveLookups : undefined}
          onEnableArchive={() => void enableArchive()}
          enabling={enabling}
          enableError={enableError}
          onAgain={again}
          onAllowAccess={() => void allowAccess()}
          allowing={allowing}
          accessError={accessError}
        />
      ) : (
        !error && (
          <p class="muted" role="status">
            {t('lost_asking')}
          </p>
        )
      )}
    </>
  );
}
