import { engineName } from '../../page-support/format';
import type { TabState } from '../../lib/group/tab-state';
import { EnableEngine } from './enable-engine';
import { GroupsView } from './groups-view';
import { DeadPageOffer } from './dead-page';
import type { PopupState } from './use-tab-state';
import { WorkingView } from './working-view';
import { CopycatsView } from './copycats-view';

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
      return (
        <>
          <DeadPageOffer s={state.state} />
          <Status s={state.state} />
          <CopycatsView s={state.state} />
          <SaveError s={state.state} />
        </>
      );
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
          <p class="muted">The engine may have changed its page layout; the results are left as they are.</p>
        </>
      );
    case 'working':
      return <WorkingView s={s} />;
    case 'done':
      return <GroupsView s={s} />;
    case 'disabled':
      return <EnableEngine s={s} />;
  }
}

/**
 * The tab's state or results could not be saved (storage.session full even after making room), or
 * were dropped to make room for a newer tab's: said here rather than failing silently. What could not
 * be saved is held by the background until it is stopped (after 30 s idle).
 */
function SaveError({ s }: { s: TabState }) {
  return (
    <>
      {s.refused && (
        <p class="quiet-error" role="alert" data-testid="refused">
          Some results of this page could not be read ({s.refused}); the others are grouped.
        </p>
      )}
      {s.saveError && (
        <p class="quiet-error" role="alert" data-testid="save-error">
          Resemble could not save this tab's state: {s.saveError}. Closing other results tabs makes room.
        </p>
      )}
    </>
  );
}
