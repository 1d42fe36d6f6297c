import { useHostAccess } from '../../page-support/use-host-access';
import { useAcceptedHere } from '../../page-support/use-accepted-here';
import { useState } from 'preact/hooks';
import { Field, describedBy } from '../../components/field';
import {
  type AddedEngine,
  type AddedFileError,
  type AddedSkip,
  MAX_ADDED_ENGINES,
  MAX_ADDED_NAME,
  addedHostProblem,
  addedId,
  engineFromUrl,
  exportAddedEngines,
  importAddedEngines,
} from '../../lib/engines/added';
import { ENGINES } from '../../lib/engines/table';
import { errorText } from '../../page-support/messaging';
import { requestHostPermission } from '../../page-support/permissions';
import { download } from '../../page-support/use-copycats';
import type { SettingsProps } from '../../page-support/use-settings';
import { t, tOf } from '../../shared/i18n';
import { outcomeWords, useEngineOutcomes } from '../../page-support/engine-outcomes';

const URL_ID = 'added-engine-url';
const NAME_ID = 'added-engine-name';
/** An export of 50 engines is a few kilobytes: a larger file is not one. */
const MAX_FILE_BYTES = 1_000_000;

const FILE_ERRORS = { json: 'added_fileError_json', shape: 'added_fileError_shape', none: 'added_fileError_none' } as const;
const SKIPS = {
  invalid: 'added_skip_invalid',
  duplicate: 'added_skip_duplicate',
  present: 'added_skip_present',
  builtin: 'added_skip_builtin',
  full: 'added_skip_full',
} as const;

type Outcome =
  | { kind: 'none' }
  | { kind: 'busy' }
  | { kind: 'ok'; file: string; added: number; skipped: AddedSkip[] }
  | { kind: 'failed'; file: string; error: string; skipped: AddedSkip[] };

/** Which added engines' hosts Resemble has access to, checked again when the browser's grants change. */
const useAccess = (engines: readonly AddedEngine[]): Record<string, boolean> => useHostAccess(engines.map((e) => e.host));

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

function Skipped({ skipped }: { skipped: AddedSkip[] }) {
  if (!skipped.length) return null;
  return (
    <ul class="bad-lines">
      {skipped.slice(0, 50).map((s) => (
        <li key={s.entry}>
          {t('added_skip_entry', s.entry)} {s.host !== undefined && <code>{s.host}</code>} — {t(SKIPS[s.code], MAX_ADDED_ENGINES)}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Add a search engine" (issue #27): the address of one of its results pages gives the host, path and
 * query parameter, shown to confirm with a name to edit; adding asks access to the host (in the same
 * click, as browsers require) and saves it only if granted. The list with Remove (and access to ask
 * for an imported engine that has none; an engine synced from another device is read here only once
 * accepted here, issue #38), export to a JSON file and import from one.
 */
export function AddedEngineControls({ settings, save }: SettingsProps) {
  const engines = settings.addedEngines;
  // How each added engine's pages were last read (the background records it as for the built-in ones).
  const { outcomes, now } = useEngineOutcomes();
  const [text, setText] = useState('');
  const [name, setName] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const access = useAccess(engines);
  const here = useAcceptedHere('added');
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

  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const fail = (code: AddedFileError | 'large', skipped: AddedSkip[] = []) =>
      setOutcome({ kind: 'failed', file: file.name, error: code === 'large' ? t('added_fileError_large') : (tOf(FILE_ERRORS, code) ?? code), skipped });
    if (file.size > MAX_FILE_BYTES) return fail('large');
    setOutcome({ kind: 'busy' });
    try {
      const r = importAddedEngines(await file.text(), engines, (host) => ENGINES.some((e) => e.host.test(host)));
      if (!r.ok) return fail(r.code, r.skipped);
      const problem = await save({ addedEngines: r.engines });
      if (problem) return setOutcome({ kind: 'failed', file: file.name, error: problem, skipped: r.skipped });
      setOutcome({ kind: 'ok', file: file.name, added: r.added.length, skipped: r.skipped });
    } catch (e) {
      setOutcome({ kind: 'failed', file: file.name, error: errorText(e), skipped: [] });
    }
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
      <h3>{t('added_transfer')}</h3>
      <div class="actions">
        <button type="button" disabled={!engines.length} onClick={() => download('resemble-search-engines.json', exportAddedEngines(engines))}>
          {t('added_export')}
        </button>
        <label for="added-import">{t('added_import_label')}</label>
        <input
          id="added-import"
          type="file"
          accept=".json,application/json"
          aria-describedby="added-import-outcome"
          onChange={(e) => void pick(e.target as HTMLInputElement)}
        />
      </div>
      <div id="added-import-outcome" role="status">
        {outcome.kind === 'busy' && <p class="muted">{t('options_reading')}</p>}
        {outcome.kind === 'ok' && (
          <p class="ok">
            {outcome.skipped.length
              ? t('added_import_doneSkipped', outcome.added, outcome.file, outcome.skipped.length)
              : t('added_import_done', outcome.added, outcome.file)}
          </p>
        )}
        {outcome.kind === 'failed' && (
          <p class="field-error" role="alert">
            {t('added_import_failed', outcome.file, outcome.error)}
          </p>
        )}
        {(outcome.kind === 'ok' || outcome.kind === 'failed') && <Skipped skipped={outcome.skipped} />}
      </div>
    </div>
  );
}
