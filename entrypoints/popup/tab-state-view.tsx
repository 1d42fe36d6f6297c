import { engineName } from '../../page-support/format';
import type { TabState } from '../../lib/tab/tab-state';
import { EnableEngine } from './enable-engine';
import { GroupsView } from './groups-view';
import { DeadPageOffer } from './dead-page';
import { ChangedView } from './changed-view';
import { SameAsView } from './same-as-view';
import type { PopupState } from './use-tab-state';
import { WorkingView } from './working-view';
import { CopycatsView } from './copycats-view';
import { ReadNote } from './read-note';
import { t } from '../../shared/i18n';

/** The popup's body for each state. Everything that comes from the page is set as text. */
export function TabStateView({ state }: { state: PopupState }) {
  switch (state.kind) {
    case 'loading':
      return (
        <p class="muted" role="status">
          {t('popup_loading')}
        </p>
      );
    case 'no-tab':
      return <p class="quiet-error">{t('popup_noTab', state.message)}</p>;
    case 'error':
      return <p class="quiet-error">{t('popup_stateError', state.message)}</p>;
    case 'state':
      return (
        <>
          <DeadPageOffer s={state.state} />
          <ReadNote s={state.state} />
          <Status s={state.state} />
          <CopycatsView s={state.state} />
          <ChangedView s={state.state} />
          <SameAsView s={state.state} />
          <SaveError s={state.state} />
        </>
      );
  }
}

function Status({ s }: { s: TabState }) {
  switch (s.status) {
    case 'not-results-page':
      return <p>{t('popup_notResults')}</p>;
    case 'unreadable':
      return (
        <>
          <p>{t('popup_unreadable', s.engineName ?? engineName(s.engine))}</p>
          {s.url && <p class="url">{s.url}</p>}
          <p class="muted">{t('popup_unreadableHint')}</p>
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
          {t('popup_refused', s.refused)}
        </p>
      )}
      {s.saveError && (
        <p class="quiet-error" role="alert" data-testid="save-error">
          {t('popup_saveError', s.saveError)}
        </p>
      )}
    </>
  );
}
