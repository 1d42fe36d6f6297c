import { useState } from 'preact/hooks';
import { type BadLine, toDomains, toRuleset } from '../../lib/copycat/ruleset';
import { MAX_LIST_BYTES } from '../../lib/limits';
import type { CopycatState } from '../../lib/copycat/table';
import { date, plural, t } from '../../shared/i18n';
import { errorText, send } from '../../page-support/messaging';
import { download } from '../../page-support/use-copycats';
import { badLineWords, listErrorWords } from '../../shared/copycat-words';

type Outcome =
  | { kind: 'none' }
  | { kind: 'busy' }
  | { kind: 'ok'; name: string; sites: number; bad: BadLine[] }
  | { kind: 'failed'; error: string; bad: BadLine[] };

function BadLines({ bad }: { bad: BadLine[] }) {
  if (!bad.length) return null;
  return (
    <ul class="bad-lines">
      {bad.map((b) => (
        <li key={b.line}>
          {t('options_import_line', b.line)} <code>{b.text}</code> — {badLineWords(b)}
        </li>
      ))}
    </ul>
  );
}

/** Export the flagged sites (uBlacklist ruleset, domains list); import either as a prior ("listed in …"). */
export function CopycatTransfer({ state, set }: { state: CopycatState; set: (s: CopycatState) => void }) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const flagged = state.sites.filter((v) => v.flagged);
  // Subscribed lists are shown and removed with their subscriptions (copycat-subscriptions.tsx).
  const imported = state.lists.filter((l) => !l.sub);
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_LIST_BYTES) return setOutcome({ kind: 'failed', error: listErrorWords(file.name, { code: 'too-large', error: '', bad: [] }), bad: [] });
    setOutcome({ kind: 'busy' });
    try {
      const r = await send('copycat/import', {
        name: file.name.replace(/\.[a-z0-9]+$/i, '').slice(0, 100) || t('options_import_defaultName'),
        text: await file.text(),
      });
      if ('error' in r) return setOutcome({ kind: 'failed', error: listErrorWords(file.name, r), bad: r.bad });
      set(r.state);
      setOutcome({ kind: 'ok', name: r.name, sites: r.sites, bad: r.bad });
    } catch (e) {
      setOutcome({ kind: 'failed', error: errorText(e), bad: [] });
    }
  };
  return (
    <>
      <h3>{t('options_export')}</h3>
      <div class="actions">
        <button
          type="button"
          disabled={!flagged.length}
          onClick={() => download('resemble-copycats.ublacklist.txt', toRuleset(flagged, state.evidence, Date.now()))}
        >
          {t('options_export_ruleset')}
        </button>
        <button type="button" disabled={!flagged.length} onClick={() => download('resemble-copycats.domains.txt', toDomains(flagged))}>
          {t('options_export_domains')}
        </button>
        <span class="muted">{flagged.length ? plural('options_sites', flagged.length) : t('options_export_none')}</span>
      </div>
      <h3>{t('options_import')}</h3>
      <p class="hint" id="copycat-import-hint">
        {t('options_import_hint')}
      </p>
      <div class="actions">
        <label for="copycat-import">{t('options_import_label')}</label>
        <input
          id="copycat-import"
          type="file"
          accept=".txt,text/plain"
          aria-describedby="copycat-import-hint copycat-import-outcome"
          onChange={(e) => void pick(e.target as HTMLInputElement)}
        />
      </div>
      <div id="copycat-import-outcome" role="status">
        {outcome.kind === 'busy' && <p class="muted">{t('options_reading')}</p>}
        {outcome.kind === 'ok' && (
          <p class="ok">
            {outcome.bad.length
              ? t('options_import_doneSkipped', plural('options_sites', outcome.sites), outcome.name, plural('options_lines', outcome.bad.length))
              : t('options_import_done', plural('options_sites', outcome.sites), outcome.name)}
          </p>
        )}
        {outcome.kind === 'failed' && (
          <p class="field-error" role="alert">
            {t('options_import_failed', outcome.error)}
          </p>
        )}
        {(outcome.kind === 'ok' || outcome.kind === 'failed') && <BadLines bad={outcome.bad} />}
      </div>
      {imported.length > 0 && (
        <ul class="hosts copycat-lists">
          {imported.map((l) => (
            <li key={l.name}>
              <span>
                {l.name} <span class="muted">{t('options_list_meta', plural('options_sites', l.sites), date(l.at))}</span>
              </span>
              <button
                type="button"
                aria-label={t('options_list_remove_aria', t('options_list_remove'), l.name)}
                onClick={() => void send('copycat/forget-list', { name: l.name }).then(set, () => undefined)}
              >
                {t('options_list_remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
