import { useState } from 'preact/hooks';
import { type AddedEngine, addedId } from '../../../lib/engines/added';
import { outcomeWords, useEngineOutcomes } from '../../../page-support/engine-outcomes';
import { requestHostPermission } from '../../../page-support/permissions';
import { useAcceptedHere } from '../../../page-support/use-accepted-here';
import { useHostAccess } from '../../../page-support/use-host-access';
import type { SettingsProps } from '../../../page-support/use-settings';
import { t } from '../../../shared/i18n';
import { AddedEngineForm } from './added-engine-form';
import { AddedEngineTransfer } from './added-engine-import';

/** Which added engines' hosts Resemble has access to, checked again when the browser's grants change. */
const useAccess = (engines: readonly AddedEngine[]): Record<string, boolean> => useHostAccess(engines.map((e) => e.host));

/**
 * "Add a search engine" (issue #27): the list with Remove (and access to ask for an imported engine that
 * has none; an engine synced from another device is read here only once accepted here, issue #38), the
 * form that adds one, export to a JSON file and import from one.
 */
export function AddedEngineControls({ settings, save }: SettingsProps) {
  const engines = settings.addedEngines;
  // How each added engine's pages were last read (the background records it as for the built-in ones).
  const { outcomes, now } = useEngineOutcomes();
  const [error, setError] = useState<string>();
  const access = useAccess(engines);
  const here = useAcceptedHere('added');

  const allow = (host: string) => {
    requestHostPermission(host).catch(() => false);
  };

  // Access is asked for in the same click when it is missing: accepting is this device's user's gesture.
  const accept = (host: string) => {
    void here.accept(host, access[host]).then((r) => setError(r === 'refused' ? t('added_acceptRefused', host) : r && t('common_notSaved', r)));
  };

  const remove = async (host: string) => {
    setError(await save({ addedEngines: engines.filter((e) => e.host !== host) }));
  };

  return (
    <div class="added-engines" data-testid="added-engines">
      <h3>{t('added_title')}</h3>
      <p class="hint">{t('added_intro')}</p>
      {engines.length === 0 ? (
        <p class="muted">{t('added_none')}</p>
      ) : (
        <ul class="hosts" aria-label={t('added_list_aria')}>
          {engines.map((e) => {
            const proposed = here.isHere(e.host) === false;
            return (
              <li key={e.host} data-host={e.host}>
                <span>
                  {e.name}{' '}
                  <span class="url muted">
                    {e.host}
                    {e.path}?{e.param}=…
                  </span>
                  {proposed && (
                    <span class="muted" data-testid="added-proposed">
                      {' '}
                      — {t('added_fromOther')}
                    </span>
                  )}
                  {!proposed && access[e.host] === false && <span class="muted"> — {t('added_noAccess')}</span>}
                  <span class="muted" data-testid="added-outcome">
                    {' '}
                    — {outcomeWords(outcomes[addedId(e.host)], now)}
                  </span>
                </span>
                {proposed && (
                  <button type="button" aria-label={t('added_accept_aria', e.name)} onClick={() => accept(e.host)}>
                    {t('added_accept')}
                  </button>
                )}
                {!proposed && access[e.host] === false && (
                  <button type="button" aria-label={t('added_allow_aria', e.name)} onClick={() => allow(e.host)}>
                    {t('added_allow')}
                  </button>
                )}
                <button type="button" aria-label={t('added_remove_aria', e.name)} onClick={() => void remove(e.host)}>
                  {t('added_remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <AddedEngineForm settings={settings} save={save} error={error} setError={setError} />
      <AddedEngineTransfer settings={settings} save={save} />
    </div>
  );
}
