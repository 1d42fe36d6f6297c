import { browser } from 'wxt/browser';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../shared/i18n';
import { errorText, send } from '../../page-support/messaging';
import { requestPageAccess, usePageAccess } from '../../page-support/page-access';

/**
 * "Find copies of this page" (issue #19) on any web page, not only results pages: the background reads
 * the tab's address and shows the run in a page of its own. Without access to sites it is asked for
 * first, inside the click, as page checking asks; without it nothing starts.
 */
const ASKS_IN_PAGE = import.meta.env.FIREFOX;

export function FindCopies() {
  const [tab, setTab] = useState<{ id: number; url?: string }>();
  const [state, setState] = useState<'idle' | 'busy' | string>('idle');
  const access = usePageAccess();

  useEffect(() => {
    browser.tabs.query({ active: true, currentWindow: true }).then(
      ([t]) => t?.id !== undefined && t.id >= 0 && setTab({ id: t.id, url: t.url || undefined }),
      () => undefined,
    );
  }, []);
  // The address shows only with access to sites: a tab whose address is known and not a web page gets no offer.
  if (!tab || access === undefined || (tab.url !== undefined && !/^https?:\/\//i.test(tab.url))) return null;

  const find = async () => {
    setState('busy');
    try {
      // First, inside the click: the browser shows its prompt only during a user action. Firefox closes
      // the popup when its prompt opens: there the copies page (a tab) asks, before its run starts.
      if (!access && !ASKS_IN_PAGE && !(await requestPageAccess())) return setState(t('popup_findCopies_denied'));
      await send('copies/start', { tabId: tab.id });
      setState('idle');
      window.close();
    } catch (e) {
      setState(t('popup_findCopies_failed', errorText(e)));
    }
  };

  return (
    <aside class="find-copies" aria-label={t('popup_findCopies_region')} data-testid="find-copies">
      <button type="button" onClick={() => void find()} disabled={state === 'busy'}>
        {t('popup_findCopies')}
      </button>
      {!access && <p class="muted">{t('popup_findCopies_hint')}</p>}
      {state !== 'idle' && state !== 'busy' && (
        <p class="quiet-error" role="alert">
          {state}
        </p>
      )}
    </aside>
  );
}
