import { COPYCAT_EVIDENCE_KEY, COPYCAT_LISTS_KEY, COPYCAT_SITES_KEY, COPYCAT_USER_KEY } from '../../../lib/copycat/table';
import { useList } from '../../../page-support/use-list';
import type { SettingsProps } from '../../../page-support/use-settings';
import { t } from '../../../shared/i18n';
import { CopycatSettings } from './copycat-settings';
import { CopycatSites } from './copycat-sites';
import { CopycatSubscriptions } from './copycat-subscriptions';
import { CopycatTransfer } from './copycat-transfer';

const KEYS = [COPYCAT_EVIDENCE_KEY, COPYCAT_LISTS_KEY, COPYCAT_SITES_KEY, COPYCAT_USER_KEY];
/** New evidence, another page's verdict or import: the state is asked again. */
const changed = (changes: Record<string, unknown>, area: string) => area === 'local' && KEYS.some((k) => Object.hasOwn(changes, k));

/** Options, "Copycat sites" (issue #19): the setting, the sites with their evidence, subscriptions (issue #30), export and import. */
export function CopycatControls(p: SettingsProps) {
  const copycats = useList('copycat/state', {}, { timeoutMs: 5000, reloadOn: changed });
  const state = copycats.data;
  return (
    <>
      <CopycatSettings {...p} />
      {copycats.loading && (
        <p class="muted" role="status">
          {t('options_copycats_loading')}
        </p>
      )}
      {/* A failed update leaves the state shown in place. */}
      {!state && copycats.error && <p class="field-error">{t('options_copycats_failed', copycats.error)}</p>}
      {state && (
        <>
          <CopycatSites state={state} set={copycats.set} />
          <CopycatSubscriptions />
          <CopycatTransfer state={state} set={copycats.set} />
        </>
      )}
    </>
  );
}
