import type { ComponentChildren } from 'preact';
import { Notice } from '../../components/notice';
import { PageCheckingControl } from '../../components/page-checking';
import { Section } from '../../components/section';
import { type SettingsProps, useSettings } from '../../page-support/use-settings';
import { t } from '../../shared/i18n';
import { AdvancedControls } from './advanced/advanced';
import { CacheControls } from './cache/cache';
import { CopycatControls } from './copycats/copycats';
import { DisplayModeControl } from './display/display-mode';
import { AddedEngineControls } from './engines/added-engines';
import { EngineControls } from './engines/engines';
import { GroupingControls } from './grouping/grouping';
import { SectionNav } from './nav/section-nav';
import { SECTIONS, type SectionId } from './nav/sections';
import { NotACopyList } from './not-a-copy/not-a-copy';
import { ArchiveLookupsControl } from './page-checking/archive';
import { RecheckControl } from './page-checking/recheck';
import { SyncChoices } from './sync/sync-choices';

/**
 * Each section's controls, a component of their own taking { settings, save }, so a section can gain
 * parts (Grouping's live preview, issue #5) by adding one line here. Ids, titles and order: nav/sections.ts.
 */
const CONTROLS: Record<SectionId, (p: SettingsProps) => ComponentChildren> = {
  grouping: (p) => <GroupingControls {...p} />,
  display: (p) => <DisplayModeControl {...p} />,
  engines: (p) => (
    <>
      <EngineControls {...p} />
      <AddedEngineControls {...p} />
    </>
  ),
  'page-checking': (p) => (
    <>
      <PageCheckingControl {...p} />
      <ArchiveLookupsControl {...p} />
      <RecheckControl {...p} />
    </>
  ),
  copycats: (p) => <CopycatControls {...p} />,
  'not-a-copy': () => <NotACopyList />,
  sync: () => <SyncChoices />,
  advanced: (p) => <AdvancedControls {...p} />,
  cache: (p) => <CacheControls {...p} />,
};

/** The options page: every setting, saved as it changes, with a navigation to each section. */
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
        <div class="options-body">
          <SectionNav />
          <div class="options-sections">
            {SECTIONS.map((s) => (
              <Section key={s.id} id={s.id} title={t(s.title)} intro={'intro' in s ? t(s.intro) : undefined}>
                {CONTROLS[s.id](p)}
              </Section>
            ))}
          </div>
        </div>
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
