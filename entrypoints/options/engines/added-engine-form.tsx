import { useState } from 'preact/hooks';
import { Field, describedBy } from '../../../components/field';
import { type AddedEngine, MAX_ADDED_ENGINES, MAX_ADDED_NAME, addedHostProblem, engineFromUrl } from '../../../lib/engines/added';
import { ENGINES } from '../../../lib/engines/table';
import { errorText } from '../../../page-support/messaging';
import { requestHostPermission } from '../../../page-support/permissions';
import type { SettingsProps } from '../../../page-support/use-settings';
import { t } from '../../../shared/i18n';

const URL_ID = 'added-engine-url';
const NAME_ID = 'added-engine-name';

/** The engine an address names, or why it cannot be added (in the UI language). */
function candidate(text: string, engines: readonly AddedEngine[]): { engine?: AddedEngine; error?: string } {
  if (!text.trim()) return {};
  // Only https pages are read (the content script is registered for https://<host>/ only).
  if (/^\s*http:\/\//i.test(text)) return { error: t('added_url_https') };
  const engine = engineFromUrl(text);
  if (!engine) return { error: t('added_url_invalid') };
  if (addedHostProblem(engine.host)) return { error: t('added_host_invalid', engine.host) };
  const builtIn = ENGINES.find((e) => e.id !== 'searxng' && e.host.test(engine.host));
  if (builtIn) return { error: t('added_builtin', builtIn.name) };
  if (engines.some((e) => e.host === engine.host)) return { error: t('added_dup', engine.host) };
  return { engine };
}

interface FormProps extends SettingsProps {
  /** The section's last problem (this form's, or a row's): shown under the address. */
  error?: string;
  setError: (e: string | undefined) => void;
}

/**
 * The address of one of an engine's results pages gives the host, path and query parameter, shown to
 * confirm with a name to edit; adding asks access to the host (in the same click, as browsers require)
 * and saves it only if granted.
 */
export function AddedEngineForm({ settings, save, error, setError }: FormProps) {
  const engines = settings.addedEngines;
  const [text, setText] = useState('');
  const [name, setName] = useState<string>();
  const [busy, setBusy] = useState(false);
  const found = candidate(text, engines);
  const hint = t('added_url_hint');
  const shownError = error ?? found.error;

  const onSubmit = (e: Event) => {
    e.preventDefault();
    const engine = found.engine;
    if (!engine) return setError(found.error ?? t('added_url_invalid'));
    if (engines.length >= MAX_ADDED_ENGINES) return setError(t('added_max', MAX_ADDED_ENGINES));
    const chosen = name?.trim() || engine.name;
    if (chosen.length > MAX_ADDED_NAME) return setError(t('added_name_long', MAX_ADDED_NAME));
    const next = [...engines, { ...engine, name: chosen }];
    setBusy(true);
    // Nothing is awaited before this call: the permission prompt needs the user's submit.
    requestHostPermission(engine.host)
      .then(async (granted) => {
        if (!granted) return setError(t('added_refused', engine.host));
        const problem = await save({ addedEngines: next });
        setError(problem);
        if (!problem) setText(''), setName(undefined);
      })
      .catch((err: unknown) => setError(t('added_askError', errorText(err))))
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field id={URL_ID} label={t('added_url_label')} hint={hint} error={shownError}>
        <input
          type="url"
          id={URL_ID}
          value={text}
          spellcheck={false}
          autocomplete="off"
          autocapitalize="off"
          placeholder={t('added_url_placeholder')}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(URL_ID, hint, shownError)}
          onInput={(e) => {
            setText(e.currentTarget.value);
            setName(undefined);
            setError(undefined);
          }}
        />
      </Field>
      {found.engine && (
        <div class="added-found" data-testid="added-found">
          <dl>
            <dt>{t('added_found_host')}</dt>
            <dd class="url">{found.engine.host}</dd>
            <dt>{t('added_found_path')}</dt>
            <dd class="url">{found.engine.path}</dd>
            <dt>{t('added_found_param')}</dt>
            <dd class="url">{found.engine.param}</dd>
          </dl>
          <Field id={NAME_ID} label={t('added_name_label')}>
            <input
              type="text"
              id={NAME_ID}
              value={name ?? found.engine.name}
              maxLength={MAX_ADDED_NAME}
              onInput={(e) => {
                setName(e.currentTarget.value);
                setError(undefined);
              }}
            />
          </Field>
        </div>
      )}
      <button type="submit" class="primary" disabled={busy || !found.engine}>
        {t('added_addButton')}
      </button>
    </form>
  );
}
