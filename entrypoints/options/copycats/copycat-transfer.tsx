import { FileImport, type ImportOutcome } from '../../../components/file-import';
import { type BadLine, toDomains, toRuleset } from '../../../lib/copycat/ruleset';
import type { CopycatState } from '../../../lib/copycat/table';
import { MAX_LIST_BYTES } from '../../../lib/limits';
import { send } from '../../../page-support/messaging';
import { download } from '../../../page-support/download';
import { badLineWords, listErrorWords } from '../../../words/copycat';
import { t } from '../../../shared/i18n';
import { exportCountWords, importedWords, listMetaWords } from '../../../words/options';

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

/** A picked list in: its name from the file's, a list the background could not read said why, with its bad lines. */
async function importList(file: File, text: string, set: (s: CopycatState) => void): Promise<ImportOutcome> {
  const r = await send('copycat/import', { name: file.name.replace(/\.[a-z0-9]+$/i, '').slice(0, 100) || t('options_import_defaultName'), text });
  if ('error' in r) return { ok: false, why: listErrorWords(file.name, r), skipped: <BadLines bad={r.bad} /> };
  set(r.state);
  return { ok: true, words: importedWords({ name: r.name, sites: r.sites, skipped: r.bad.length }), skipped: <BadLines bad={r.bad} /> };
}

/** Export the flagged sites (uBlacklist ruleset, domains list); import either as a prior ("listed in …"). */
export function CopycatTransfer({ state, set }: { state: CopycatState; set: (s: CopycatState) => void }) {
  const flagged = state.sites.filter((v) => v.flagged);
  // Subscribed lists are shown and removed with their subscriptions (copycat-subscriptions.tsx).
  const imported = state.lists.filter((l) => !l.sub);
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
        <span class="muted">{exportCountWords(flagged.length)}</span>
      </div>
      <h3>{t('options_import')}</h3>
      <p class="hint" id="copycat-import-hint">
        {t('options_import_hint')}
      </p>
      <FileImport
        id="copycat-import"
        label={t('options_import_label')}
        accept=".txt,text/plain"
        maxBytes={MAX_LIST_BYTES}
        hintId="copycat-import-hint"
        tooLarge={(file) => listErrorWords(file.name, { code: 'too-large', error: '', bad: [] })}
        failure={(_file, why) => t('options_import_failed', why)}
        read={(file, text) => importList(file, text, set)}
      />
      {imported.length > 0 && (
        <ul class="hosts copycat-lists">
          {imported.map((l) => (
            <li key={l.name}>
              <span>
                {l.name} <span class="muted">{listMetaWords(l)}</span>
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
