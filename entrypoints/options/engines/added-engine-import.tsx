import { FileImport, type ImportOutcome } from '../../../components/file-import';
import { type AddedEngine, type AddedSkip, MAX_ADDED_ENGINES, exportAddedEngines, importAddedEngines } from '../../../lib/engines/added';
import { ENGINES } from '../../../lib/engines/table';
import { download } from '../../../page-support/download';
import type { SettingsProps } from '../../../page-support/use-settings';
import { t, tOf } from '../../../shared/i18n';

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

/** A picked export read in beside the engines there are, then saved: what was added, and each entry skipped and why. */
async function importEngines(file: File, text: string, { settings, save }: SettingsProps): Promise<ImportOutcome> {
  const r = importAddedEngines(text, settings.addedEngines, (host) => ENGINES.some((e) => e.host.test(host)));
  if (!r.ok) return { ok: false, why: tOf(FILE_ERRORS, r.code) ?? r.code, skipped: <Skipped skipped={r.skipped} /> };
  const problem = await save({ addedEngines: r.engines });
  if (problem) return { ok: false, why: problem, skipped: <Skipped skipped={r.skipped} /> };
  const words = r.skipped.length
    ? t('added_import_doneSkipped', r.added.length, file.name, r.skipped.length)
    : t('added_import_done', r.added.length, file.name);
  return { ok: true, words, skipped: <Skipped skipped={r.skipped} /> };
}

/** The added engines to a JSON file, and back from one (another browser's, a backup). */
export function AddedEngineTransfer(p: SettingsProps) {
  const engines: readonly AddedEngine[] = p.settings.addedEngines;
  return (
    <>
      <h3>{t('added_transfer')}</h3>
      <FileImport
        id="added-import"
        label={t('added_import_label')}
        accept=".json,application/json"
        maxBytes={MAX_FILE_BYTES}
        tooLarge={() => t('added_fileError_large')}
        failure={(file, why) => t('added_import_failed', file.name, why)}
        read={(file, text) => importEngines(file, text, p)}
      >
        <button type="button" disabled={!engines.length} onClick={() => download('resemble-search-engines.json', exportAddedEngines(engines))}>
          {t('added_export')}
        </button>
      </FileImport>
    </>
  );
}
