import { Notice } from '../../components/notice';
import { Section } from '../../components/section';
import { useSettings } from '../../page-support/use-settings';
import { AdvancedControls } from './advanced';
import { ArchiveLookupsControl } from './archive';
import { CacheControls } from './cache';
import { CopycatControls } from './copycats';
import { DisplayModeControl } from './display-mode';
import { EngineControls } from './engines';
import { GroupingControls } from './grouping';
import { PageCheckingControl } from '../../components/page-checking';
import { NotACopyList } from './not-a-copy';

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
        <span class="muted">Options</span>
      </header>
      {status === 'fallback' && (
        <Notice>
          Showing the default settings: yours could not be loaded, and changes cannot be saved until the extension answers.{' '}
          <span class="muted">({loadError})</span>
        </Notice>
      )}
      {status === 'loading' ? (
        <p class="muted" role="status">
          Loading settings…
        </p>
      ) : (
        <>
          <Section id="grouping" title="Grouping" intro="How alike two results must be before Resemble treats them as copies.">
            <GroupingControls {...p} />
          </Section>
          <Section id="display" title="Display">
            <DisplayModeControl {...p} />
          </Section>
          <Section id="engines" title="Engines" intro="Search engines whose results pages Resemble reads.">
            <EngineControls {...p} />
          </Section>
          <Section id="page-checking" title="Page checking">
            <PageCheckingControl {...p} />
            <ArchiveLookupsControl {...p} />
          </Section>
          <Section
            id="copycats"
            title="Copycat sites"
            intro="Sites whose pages copy other sites' pages, from what page checking measured: their results can be labelled or hidden on every results page."
          >
            <CopycatControls {...p} />
          </Section>
          <Section id="not-a-copy" title="Not a copy" intro="Pairs of results you said are not copies: Resemble never groups them again.">
            <NotACopyList />
          </Section>
          <Section id="advanced" title="Advanced" intro="How texts are cut into shingles and sampled. The defaults were measured; change them to experiment.">
            <AdvancedControls {...p} />
          </Section>
          <Section id="cache" title="Cache" intro="Sketches of pages Resemble has read are kept so that pages need not be read again.">
            <CacheControls {...p} />
          </Section>
        </>
      )}
      <footer class="privacy-link">
        {/* The policy ships in the package (entrypoints/privacy shows PRIVACY.md): no network needed to read it. */}
        <a href="/privacy.html" target="_blank" rel="noopener">
          Privacy
        </a>
        <span class="muted"> — what Resemble stores, what it fetches and sends, and how to clear it.</span>
      </footer>
    </main>
  );
}
