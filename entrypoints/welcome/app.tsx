import { Notice } from '../../components/notice';
import { PageCheckingControl } from '../../components/page-checking';
import { Section } from '../../components/section';
import { FETCH_DEFAULTS } from '../../lib/fetch/fetch-page';
import { t } from '../../shared/i18n';
import { useSettings } from '../../page-support/use-settings';
import { ExampleGroups } from './example-groups';
import { ShortcutLine } from './shortcut-line';

const MB = FETCH_DEFAULTS.maxBytes / (1024 * 1024);
const SECONDS = FETCH_DEFAULTS.timeoutMs / 1000;

/**
 * The first-run page (opened on install only: entrypoints/background/browser-ui/welcome.ts): what Resemble does in
 * a few lines, a picture of it, and the one choice that matters, page checking, with the options'
 * own control (so the permission is asked and the setting saved exactly as there).
 */
export function App() {
  const { settings, status, loadError, save } = useSettings();
  return (
    <main class="welcome">
      <header>
        <h1>{t('welcome_title')}</h1>
      </header>
      <p class="welcome-lede">{t('welcome_lede')}</p>
      <p>{t('welcome_local')}</p>
      <Section id="example" title={t('welcome_example')}>
        <ExampleGroups />
        <ShortcutLine />
      </Section>
      <Section id="page-checking" title={t('welcome_choice')} intro={t('welcome_choice_intro')}>
        <ul class="welcome-facts">
          <li>{t('welcome_fact_addresses')}</li>
          <li>{t('welcome_fact_cookies')}</li>
          <li>{t('welcome_fact_limits', MB, SECONDS)}</li>
          <li>{t('welcome_fact_permission')}</li>
        </ul>
        {status === 'fallback' ? (
          <Notice>
            {t('welcome_fallback')} <span class="muted">({loadError})</span>
          </Notice>
        ) : (
          status === 'ready' && <PageCheckingControl settings={settings} save={save} />
        )}
      </Section>
      <footer class="welcome-links">
        <a href="/options.html" target="_blank" rel="noopener">
          {t('welcome_allOptions')}
        </a>
        <a href="/privacy.html" target="_blank" rel="noopener">
          {t('welcome_privacy')}
        </a>
      </footer>
    </main>
  );
}
