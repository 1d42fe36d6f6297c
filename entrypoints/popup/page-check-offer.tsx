import { useState } from 'preact/hooks';
import { errorText, send } from '../../page-support/messaging';
import { requestPageAccess, usePageAccess } from '../../page-support/page-access';
import { useSettings } from '../../page-support/use-settings';
import { t } from '../../shared/i18n';

/**
 * The one-time question (issue #6): confirm groups by checking the result pages? One click asks for
 * the host access and starts on this tab; "Not now" is remembered too (the options can change it).
 * On a page with no group there is nothing to confirm: it says what checking would do there instead.
 */
export function PageCheckOffer({ tabId, groups }: { tabId: number; groups: number }) {
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
        <strong>{t(groups > 0 ? 'popup_offer_title' : 'popup_offer_titleNone')}</strong>
      </p>
      <p class="muted">{t('popup_offer_text')}</p>
      <p>
        <button type="button" onClick={yes} disabled={state === 'busy'}>
          {t('popup_offer_yes')}
        </button>{' '}
        <button type="button" class="link" onClick={no}>
          {t('popup_offer_no')}
        </button>
      </p>
      {state === 'refused' && <p class="quiet-error">{t('popup_accessRefused')}</p>}
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
      if (!(await requestPageAccess())) return setProblem(t('popup_accessRefused'));
      await send('tab/check', { tabId });
    } catch (e) {
      setProblem(errorText(e));
    }
  };
  return (
    <aside class="offer" aria-labelledby="access-title" data-testid="page-access-lacking">
      <p id="access-title">
        <strong>{t('popup_accessLacking')}</strong>
      </p>
      <p>
        <button type="button" onClick={() => void allow()}>
          {t('common_allowAccess')}
        </button>
      </p>
      {problem && <p class="quiet-error">{problem}</p>}
    </aside>
  );
}
