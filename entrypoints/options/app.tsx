import { Notice } from '../../components/notice';
import { Section } from '../../components/section';
import { useSettings } from '../../page-support/use-settings';
import { AdvancedControls } from './advanced';
import { ArchiveLookupsControl } from './archive';
import { CacheControls } from './cache';
import { CopycatControls } from './copycats';
import { DisplayModeControl } from './display-mode';
import { EngineControls } from './engines';
import { AddedEngineControls } from './added-engines';
import { GroupingControls } from './grouping';
import { PageCheckingControl } from '../../components/page-checking';
import { NotACopyList } from './not-a-copy';
import { SyncChoices } from './sync-choices';
import { t } from '../../shared/i18n';

/**
 * The options page: every setting, saved as it changes. Each section's controls are a component of
 * their own taking { settings, save }, so a section can gain parts (Grouping's live preview, issue #5)
 * by adding one line here.
 */
export function App() {
  const { settings, status, loadError, save } = useSettings();
  const p = { settings, save };
  return (
    <main class="options">
      <header>
        <h1>Resemble</h1>
        <span class="muted">{t('options_title')}</span>
      </header>
      {status === 'fallback' && (
        <Notice>
          {t('options_fallback')} <span class="muted">({loadError})</span>
        </Notice>
      )}
      {status === 'loading' ? (
        <p class="muted" role="status">
          {t('options_loading')}
        </p>
      ) : (
        <>
          <Section id="grouping" title={t('options_grouping')} intro={t('options_grouping_intro')}>
            <GroupingControls {...p} />
          </Section>
          <Section id="display" title={t('options_display')}>
            <DisplayModeControl {...p} />
          </Section>
          <Section id="engines" title={t('options_engines')} intro={t('options_engines_intro')}>
            <EngineControls {...p} />
            <AddedEngineControls {...p} />
          </Section>
          <Section id="page-checking" title={t('options_pageChecking')}>
            <PageCheckingControl {...p} />
            <ArchiveLookupsControl {...p} />
          </Section>
          <Section id="copycats" title={t('options_copycats')} intro={t('options_copycats_intro')}>
            <CopycatControls {...p} />
          </Section>
          <Section id="not-a-copy" title={t('options_notACopy')} intro={t('options_notACopy_intro')}>
            <NotACopyList />
          </Section>
          <Section id="sync" title={t('options_sync')} intro={t('options_sync_intro')}>
            <SyncChoices />
          </Section>
          <Section id="advanced" title={t('options_advanced')} intro={t('options_advanced_intro')}>
            <AdvancedControls {...p} />
          </Section>
          <Section id="cache" title={t('options_cache')} intro={t('options_cache_intro')}>
            <CacheControls {...p} />
          </Section>
        </>
      )}
      <footer class="privacy-link">
        {/* The policy ships in the package (entrypoints/privacy shows PRIVACY.md): no network needed to read it. */}
        <a href="/privacy.html" target="_blank" rel="noopener">
          {t('options_privacy')}
        </a>
        <span class="muted"> — {t('options_privacy_hint')}</span>
      </footer>
    </main>
  );
}
