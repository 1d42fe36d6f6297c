import { Notice } from '../../components/notice';
import { PageCheckingControl } from '../../components/page-checking';
import { Section } from '../../components/section';
import { FETCH_DEFAULTS } from '../../lib/fetch/fetch-page';
import { useSettings } from '../../page-support/use-settings';
import { ExampleGroups } from './example-groups';
import { ShortcutLine } from './shortcut-line';

const MB = FETCH_DEFAULTS.maxBytes / (1024 * 1024);
const SECONDS = FETCH_DEFAULTS.timeoutMs / 1000;

/**
 * The first-run page (opened on install only: entrypoints/background/welcome.ts): what Resemble does in
 * a few lines, a picture of it, and the one choice that matters, page checking, with the options'
 * own control (so the permission is asked and the setting saved exactly as there).
 */
export function App() {
  const { settings, status, loadError, save } = useSettings();
  return (
    <main class="welcome">
      <header>
        <h1>Welcome to Resemble</h1>
      </header>
      <p class="welcome-lede">
        Search results are often copies of each other: the same article on another site, or the same page at another address. Resemble finds them by their
        content and folds each copy under the best-ranked result, so a results page shows you more different pages. One click shows the copies again.
      </p>
      <p>It works in your browser: your searches and the pages you read are not sent anywhere.</p>
      <Section id="example" title="What it looks like">
        <ExampleGroups />
        <ShortcutLine />
      </Section>
      <Section id="page-checking" title="One choice: check result pages?" intro="Without it, Resemble compares the short snippets results pages show. With it, Resemble also reads the pages themselves to confirm copies.">
        <ul class="welcome-facts">
          <li>It fetches only the addresses listed on the results pages you open, and only on public sites (never addresses on your own network).</li>
          <li>Your cookies and logins are never sent: sites see an anonymous visit, not your account.</li>
          <li>
            At most {MB} MB and {SECONDS} seconds per page, web pages only; what it learns stays in this browser.
          </li>
          <li>Your browser will ask you to allow Resemble to read sites. You can change this at any time in the options.</li>
        </ul>
        {status === 'fallback' ? (
          <Notice>
            Your settings could not be loaded, so this choice cannot be saved now: try again in the options. <span class="muted">({loadError})</span>
          </Notice>
        ) : (
          status === 'ready' && <PageCheckingControl settings={settings} save={save} />
        )}
      </Section>
      <footer class="welcome-links">
        <a href="/options.html" target="_blank" rel="noopener">
          All options
        </a>
        <a href="/privacy.html" target="_blank" rel="noopener">
          Privacy
        </a>
      </footer>
    </main>
  );
}
