import { useState } from 'preact/hooks';
import { Toggle } from '../../../components/toggle';
import { CHUNK_PREFIX, SYNC_BUDGET, SYNC_QUOTA } from '../../../lib/sync/encode';
import { SYNC_STATE_KEY } from '../../../lib/sync/ledger';
import type { SyncStatus } from '../../../lib/sync/status';
import { errorText, send } from '../../../page-support/messaging';
import { useList } from '../../../page-support/use-list';
import { date, t } from '../../../shared/i18n';
import { SETTINGS_LOCAL_KEY, SYNC_OFF_KEY } from '../../../shared/settings';

/** Kilobytes with one decimal (numbers are formatted for the language by t). */
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Storage changes that change what this section says: the switch, the sync's own state, the synced chunks. */
const concerns = (changes: Record<string, unknown>, area: string) =>
  area === 'sync'
    ? Object.keys(changes).some((k) => k.startsWith(CHUNK_PREFIX))
    : area === 'local' && (SYNC_OFF_KEY in changes || SYNC_STATE_KEY in changes || SETTINGS_LOCAL_KEY in changes);

/**
 * The user's choices through the browser's sync (issue #30): the switch that keeps them on this device,
 * what syncs and what never does, how many choices sync and their size against the quota, how many
 * stayed here for want of room, and the last write that failed.
 */
export function SyncChoices() {
  const shown = useList('sync/status', {}, { timeoutMs: 5000, reloadOn: concerns });
  const [error, setError] = useState<string>();
  // A failed update says so in place of the figures (they would be stale).
  if (shown.error) return <p class="muted">{t('options_notAvailable', shown.error)}</p>;
  if (!shown.data) return <p class="muted">{t('options_reading')}</p>;
  const s: SyncStatus = shown.data;
  const keepHere = async (keep: boolean) => {
    setError(undefined);
    // The switch follows the click at once (a controlled input would snap back until the answer came);
    // a refusal puts it back and says why.
    shown.set({ ...s, on: !keep });
    try {
      shown.set(await send('sync/set', { on: !keep }));
    } catch (e) {
      shown.set(s);
      setError(t('options_sync_setFailed', errorText(e)));
    }
  };
  return (
    <div class="sync-choices" data-testid="sync-choices">
      <Toggle
        id="sync-keep-here"
        label={t('options_sync_keepHere')}
        checked={!s.on}
        onChange={(v) => void keepHere(v)}
        hint={t('options_sync_keepHere_hint')}
        error={error}
      />
      <p>{t('options_sync_what')}</p>
      <p>{t('options_sync_local')}</p>
      <p role="status" data-testid="sync-status">
        {s.on ? t('options_sync_count', s.synced, kb(s.bytes), kb(SYNC_BUDGET.maxBytes)) : t('options_sync_off')}
      </p>
      {s.on && s.keptLocal > 0 && (
        <p class="notice" data-testid="sync-kept-local">
          {t('options_sync_keptLocal', s.keptLocal)}
        </p>
      )}
      {s.on && s.settingsLocal && (
        <p class="notice" data-testid="sync-settings-local">
          {t('options_sync_settingsLocal', kb(s.settingsLocal.bytes), kb(SYNC_QUOTA.perItem), s.settingsLocal.message)}
        </p>
      )}
      {s.failed && (
        <p class="error" data-testid="sync-failed">
          {t('options_sync_failed', date(s.failed.at, { dateStyle: 'medium', timeStyle: 'short' }), s.failed.message)}
        </p>
      )}
    </div>
  );
}
