import { engineName, plural } from '../../components/format';
import type { TabState } from '../../lib/messages';
import type { PopupState } from './use-tab-state';

/** The popup's body for each state. Everything that comes from the page is set as text. */
export function TabStateView({ state }: { state: PopupState }) {
  switch (state.kind) {
    case 'loading':
      return (
        <p class="muted" role="status">
          Checking this tab…
        </p>
      );
    case 'no-tab':
      return <p class="quiet-error">Could not find the active tab: {state.message}.</p>;
    case 'error':
      return <p class="quiet-error">Status not available: {state.message}.</p>;
    case 'state':
      return <Status s={state.state} />;
  }
}

function Status({ s }: { s: TabState }) {
  switch (s.status) {
    case 'not-results-page':
      return <p>This is not a search results page Resemble reads.</p>;
    case 'unreadable':
      return (
        <>
          <p>Resemble could not read this {engineName(s.engine)} page.</p>
          {s.url && <p class="url">{s.url}</p>}
        </>
      );
    case 'working':
      return (
        <div role="status">
          <p>Reading {engineName(s.engine)} results…</p>
          <progress aria-label="Reading results" />
          {s.results > 0 && <p class="muted">{plural(s.results, 'result')} read so far.</p>}
        </div>
      );
    case 'done':
      return <Done s={s} />;
  }
}

/** Results read; the groups come with issue #5 (TabState carries none yet, so there are none to show). */
function Done({ s, groups = 0 }: { s: TabState; groups?: number }) {
  return (
    <div role="status">
      <p class="count">
        <strong>{plural(s.results, 'result')}</strong> read on {engineName(s.engine)}
        {s.query ? ` for “${s.query}”` : ''}.
      </p>
      {groups === 0 && <p>No near-duplicates found.</p>}
    </div>
  );
}
