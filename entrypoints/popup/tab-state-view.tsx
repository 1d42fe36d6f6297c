import { useState } from 'preact/hooks';
import { engineName, plural } from '../../components/format';
import { send } from '../../components/messaging';
import type { EngineId } from '../../lib/settings';
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
    case 'disabled':
      return <Disabled s={s} />;
  }
}

/** The engine is turned off: one click turns it back on (its hosts are built in: no permission to ask). */
function Disabled({ s }: { s: TabState }) {
  const [state, setState] = useState<'idle' | 'saving' | 'done' | string>('idle');
  const enable = async () => {
    setState('saving');
    try {
      await send('settings/set', { engines: { [s.engine as EngineId]: true } });
      setState('done');
    } catch (e) {
      setState(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div>
      <p>Resemble is turned off for {engineName(s.engine)}.</p>
      {state === 'done' ? (
        <p role="status">Turned on: reload the page to read it.</p>
      ) : (
        <button type="button" onClick={enable} disabled={state === 'saving'}>
          Turn on for {engineName(s.engine)}
        </button>
      )}
      {state !== 'idle' && state !== 'saving' && state !== 'done' && <p class="quiet-error">{state}</p>}
    </div>
  );
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
