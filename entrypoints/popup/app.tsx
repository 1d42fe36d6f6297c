import { browser } from 'wxt/browser';
import { useState } from 'preact/hooks';
import { errorText } from '../../page-support/messaging';
import { TabStateView } from './tab-state-view';
import { useTabState } from './use-tab-state';
import { FindCopies } from './find-copies';
import { t } from '../../shared/i18n';

/** The toolbar popup: what Resemble made of the active tab, and the way to the options. */
export function App() {
  const state = useTabState();
  const [optionsError, setOptionsError] = useState<string>();

  const openOptions = () => {
    browser.runtime.openOptionsPage().then(
      () => window.close(),
      (e: unknown) => setOptionsError(errorText(e)),
    );
  };

  return (
    <main class="popup">
      <header>
        <h1>Resemble</h1>
        <button type="button" class="link" onClick={openOptions}>
          {t('popup_options')}
        </button>
      </header>
      <TabStateView state={state} />
      <FindCopies />
      {optionsError && <p class="quiet-error">{t('popup_optionsError', optionsError)}</p>}
    </main>
  );
}
