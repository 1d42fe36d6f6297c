import { useState } from 'preact/hooks';
import { Field, describedBy } from '../../../components/field';
import { addHost, hostErrorWords } from '../../../page-support/hosts';
import { parseHost } from '../../../lib/url/host';
import { errorText } from '../../../page-support/messaging';
import { patchProblem } from '../../../page-support/patch-check';
import { requestHostPermission } from '../../../page-support/permissions';
import type { SettingsProps } from '../../../page-support/use-settings';
import { useHostAccess } from '../../../page-support/use-host-access';
import { useAcceptedHere } from '../../../page-support/use-accepted-here';
import { t } from '../../../shared/i18n';

const ID = 'searxng-host';
/** As lib/settings checks the list (which patchProblem enforces too). */
const MAX_HOSTS = 50;

/**
 * SearXNG instances: a list with remove buttons and a form to add one. A host is checked, then access
 * to it is asked for (in the same click, as browsers require), and it is added only if granted.
 */
export function SearxngHosts({ settings, save }: SettingsProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const hosts = settings.searxngHosts;
  // A host synced from another computer comes without access here: said, with one click to grant it.
  const access = useHostAccess(hosts);
  // …and is read here only once accepted here (issue #38): one click, asking for access if it has none.
  const here = useAcceptedHere('searxng');
  const hint = t('options_searxng_hint');

  const onSubmit = (e: Event) => {
    e.preventDefault();
    const parsed = parseHost(text);
    if (!parsed.ok) return setError(hostErrorWords(parsed));
    if (hosts.includes(parsed.host)) return setError(t('options_searxng_dup', parsed.host));
    if (hosts.length >= MAX_HOSTS) return setError(t('options_searxng_max', MAX_HOSTS));
    const next = addHost(hosts, parsed.host);
    const problem = patchProblem({ searxngHosts: next });
    if (problem) return setError(problem);
    setBusy(true);
    // Nothing is awaited before this call: the permission prompt needs the user's submit.
    requestHostPermission(parsed.host)
      .then(async (granted) => {
        if (!granted) return setError(t('options_searxng_refused', parsed.host));
        const saveProblem = await save({ searxngHosts: next });
        setError(saveProblem);
        if (!saveProblem) setText('');
      })
      .catch((err: unknown) => setError(t('options_searxng_askError', errorText(err))))
      .finally(() => setBusy(false));
  };

  const accept = (host: string) => {
    void here.accept(host, access[host]).then((r) => setError(r === 'refused' ? t('options_searxng_acceptRefused', host) : r && t('common_notSaved', r)));
  };

  const remove = async (host: string) => {
    setError(await save({ searxngHosts: hosts.filter((h) => h !== host) }));
  };

  return (
    <div class="searxng">
      <h3>{t('options_searxng')}</h3>
      {hosts.length === 0 ? (
        <p class="muted">{t('options_searxng_none')}</p>
      ) : (
        <ul class="hosts" aria-label={t('options_searxng')}>
          {hosts.map((host) => {
            const proposed = here.isHere(host) === false;
            return (
              <li key={host} data-host={host}>
                <span class="url">{host}</span>
                {proposed && (
                  <span class="muted" data-testid="searxng-proposed">
                    {' '}
                    — {t('options_searxng_fromOther')}
                  </span>
                )}
                {proposed && (
                  <button type="button" aria-label={t('options_searxng_accept_aria', host)} onClick={() => accept(host)}>
                    {t('options_searxng_accept')}
                  </button>
                )}
                {!proposed && access[host] === false && <span class="muted"> — {t('options_searxng_noAccess')}</span>}
                {!proposed && access[host] === false && (
                  <button type="button" aria-label={t('options_searxng_allow_aria', host)} onClick={() => void requestHostPermission(host).catch(() => false)}>
                    {t('options_searxng_allow')}
                  </button>
                )}
                <button type="button" aria-label={t('options_searxng_remove_aria', host)} onClick={() => void remove(host)}>
                  {t('options_searxng_remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Field id={ID} label={t('options_searxng_add')} hint={hint} error={error}>
          <div class="add-host">
            <input
              type="text"
              id={ID}
              value={text}
              spellcheck={false}
              autocomplete="off"
              autocapitalize="off"
              placeholder="searx.example.org"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(ID, hint, error)}
              onInput={(e) => {
                setText(e.currentTarget.value);
                setError(undefined);
              }}
            />
            <button type="submit" class="primary" disabled={busy}>
              {t('options_searxng_addButton')}
            </button>
          </div>
        </Field>
      </form>
    </div>
  );
}
