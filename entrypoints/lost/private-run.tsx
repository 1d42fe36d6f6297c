import { browser } from 'wxt/browser';
import { t } from '../../shared/i18n';
import { PRIVATE_LOST_PREFIX, privateLostUrl } from '../../shared/private-lost';

/**
 * lost.html?run=<id>: lost and found asked for from a private window (issue #28). The address is read
 * from the run (storage.session), never from the page's own address, and the tab's title stays
 * "Lost and found" (Chrome shows this page in a regular window, whose History keeps titles). `show`
 * gets the address, then undefined once the run ends with the last private window: the page stops
 * asking then (an ask after that would search as a regular window does).
 */
export async function watchPrivateRun(id: string, show: (url: string | undefined) => void): Promise<void> {
  keepTitle(document.title);
  const key = PRIVATE_LOST_PREFIX + id;
  let ended = false;
  // Listening before reading: a run dropped in between is still seen.
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (area !== 'session' || !(key in changes) || (changes[key] as { newValue?: unknown }).newValue !== undefined) return;
    browser.storage.onChanged.removeListener(onChanged);
    ended = true;
    show(undefined);
  };
  browser.storage.onChanged.addListener(onChanged);
  const url = await privateLostUrl(id);
  if (ended) return;
  if (!url) browser.storage.onChanged.removeListener(onChanged);
  show(url);
}

/** Pins document.title: the app sets it to the dead page's domain, which must not reach the regular History. */
function keepTitle(title: string): void {
  Object.defineProperty(document, 'title', { configurable: true, get: () => title, set: () => undefined });
}

/** The run ended (or never existed here): said, nothing asked. */
export function PrivateEnded() {
  return (
    <main class="lost">
      <header>
        <h1>{t('lost_title')}</h1>
        <span class="muted">Resemble</span>
      </header>
      <p class="notice" role="status" data-testid="private-ended">
        {t('lost_privateEnded')}
      </p>
    </main>
  );
}
