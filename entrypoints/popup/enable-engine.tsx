import { browser } from 'wxt/browser';
import { useState } from 'preact/hooks';
import { engineName } from '../../page-support/format';
import { addHost } from '../../page-support/hosts';
import { errorText, send } from '../../page-support/messaging';
import { requestHostPermission } from '../../page-support/permissions';
import type { TabState } from '../../lib/tab/tab-state';
import { ENGINE_IDS, type EngineId, type SettingsPatch } from '../../lib/settings';
import { searxngHostOf } from '../../lib/url/host';
import { t } from '../../shared/i18n';

type Step = { kind: 'idle' } | { kind: 'saving' } | { kind: 'on' } | { kind: 'error'; message: string };

const isEngineId = (id: string | undefined): id is EngineId => (ENGINE_IDS as readonly (string | undefined)[]).includes(id);

/**
 * Turns the engine on. Built-in engines' hosts are in the manifest (their content scripts are
 * declared), so there is no permission to ask. A SearXNG instance is a host the user added: its
 * access is asked first, synchronously in the click, because browsers show the prompt only during a
 * user action and not after an await.
 */
async function enable(engine: EngineId, host: string | undefined): Promise<void> {
  if (engine === 'searxng') {
    if (!host) throw new Error(t('popup_engine_noHost'));
    const granted = await requestHostPermission(host);
    if (!granted) throw new Error(t('popup_engine_refused', host));
    const { searxngHosts } = await send('settings/get', {});
    const patch: SettingsPatch = { engines: { searxng: true }, searxngHosts: addHost(searxngHosts, host) };
    await send('settings/set', patch);
    return;
  }
  await send('settings/set', { engines: { [engine]: true } });
}

/** The engine is turned off: one click turns it on, then the page can be reloaded to be read. */
export function EnableEngine({ s }: { s: TabState }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [reloadError, setReloadError] = useState<string>();
  const name = s.engineName ?? engineName(s.engine);
  const engine = s.engine;

  const onEnable = () => {
    if (!isEngineId(engine)) return;
    // enable() reaches requestHostPermission before its first await: still inside this click.
    const done = enable(engine, searxngHostOf(s.url));
    setStep({ kind: 'saving' });
    done.then(
      () => setStep({ kind: 'on' }),
      (e: unknown) => setStep({ kind: 'error', message: errorText(e) }),
    );
  };

  const reload = () => {
    browser.tabs.reload(s.tabId).then(
      () => window.close(),
      (e: unknown) => setReloadError(errorText(e)),
    );
  };

  return (
    <div>
      <p>{t('popup_engine_off', name)}</p>
      {step.kind === 'on' && engine !== 'searxng' ? (
        // A built-in engine's page has Resemble's script already, which reads it as soon as it is on.
        <p role="status" class="ok">
          {t('popup_engine_onReading', name)}
        </p>
      ) : step.kind === 'on' ? (
        <>
          <p role="status" class="ok">
            {t('popup_engine_onReload', name)}
          </p>
          <button type="button" class="primary" onClick={reload}>
            {t('popup_engine_reload')}
          </button>
          {reloadError && <p class="quiet-error">{t('popup_engine_reloadError', reloadError)}</p>}
        </>
      ) : isEngineId(engine) ? (
        <button type="button" class="primary" onClick={onEnable} disabled={step.kind === 'saving'}>
          {t('popup_engine_turnOn', name)}
        </button>
      ) : null}
      {step.kind === 'error' && (
        <p class="quiet-error" role="alert">
          {t('popup_engine_error', step.message)}
        </p>
      )}
    </div>
  );
}
