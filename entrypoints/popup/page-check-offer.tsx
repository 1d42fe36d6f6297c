import { useState } from 'preact/hooks';
import { errorText, send } from '../../page-support/messaging';
import { requestPageAccess, usePageAccess } from '../../page-support/page-access';
import { useSettings } from '../../page-support/use-settings';

/**
 * The one-time question (issue #6): confirm groups by checking the result pages? One click asks for
 * the host access and starts on this tab; "Not now" is remembered too (the options can change it).
 */
export function PageCheckOffer({ tabId }: { tabId: number }) {
  const { settings, status, save } = useSettings();
  const [state, setState] = useState<'idle' | 'busy' | 'refused' | string>('idle');
  const access = usePageAccess();
  if (status === 'loading') return null;
  // Turned on (here or on another device) without this browser's access: pages are not checked.
  if (settings.pageChecking && access === false) return <AccessLacking tabId={tabId} />;
  if (settings.pageCheckingAsked) return null;

  const yes = async () => {
    setState('busy');
    try {
      // First, inside the click: the browser shows its prompt only during a user action.
      const granted = await requestPageAccess();
      if (!granted) {
        setState('refused');
        return;
      }
      const problem = await save({ pageChecking: true, pageCheckingAsked: true });
      if (problem) return setState(problem);
      await send('tab/check', { tabId });
      setState('idle');
    } catch (e) {
      setState(errorText(e));
    }
  };
  const no = () => void save({ pageCheckingAsked: true });

  return (
    <aside class="offer" aria-labelledby="offer-title">
      <p id="offer-title">
        <strong>Confirm these groups with the pages themselves?</strong>
      </p>
      <p class="muted">
        Resemble fetches the result pages itself, without your cookies, so sites see an anonymous visit, not your account. Nothing is sent anywhere else.
      </p>
      <p>
        <button type="button" onClick={yes} disabled={state === 'busy'}>
          Check result pages
        </button>{' '}
        <button type="button" class="link" onClick={no}>
          Not now
        </button>
      </p>
      {state === 'refused' && <p class="quiet-error">Access to sites was not granted: pages are not checked.</p>}
      {state !== 'idle' && state !== 'busy' && state !== 'refused' && <p class="quiet-error">{state}</p>}
    </aside>
  );
}

function AccessLacking({ tabId }: { tabId: number }) {
  const [problem, setProblem] = useState<string>();
  const allow = async () => {
    setProblem(undefined);
    try {
      // First, inside the click: the browser shows its prompt only during a user action.
      if (!(await requestPageAccess())) return setProblem('Access to sites was not granted: pages are not checked.');
      await send('tab/check', { tabId });
    } catch (e) {
      setProblem(errorText(e));
    }
  };
  return (
    <aside class="offer" aria-labelledby="access-title" data-testid="page-access-lacking">
      <p id="access-title">
        <strong>Page checking is on, but this browser has not allowed Resemble to read sites.</strong>
      </p>
      <p>
        <button type="button" onClick={() => void allow()}>
          Allow access to sites
        </button>
      </p>
      {problem && <p class="quiet-error">{problem}</p>}
    </aside>
  );
}
