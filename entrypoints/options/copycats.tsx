import { t } from '../../shared/i18n';
import type { SettingsProps } from '../../page-support/use-settings';
import { useCopycats } from '../../page-support/use-copycats';
import { CopycatSettings } from './copycat-settings';
import { CopycatSites } from './copycat-sites';
import { CopycatSubscriptions } from './copycat-subscriptions';
import { CopycatTransfer } from './copycat-transfer';

/** Options, "Copycat sites" (issue #19): the setting, the sites with their evidence, subscriptions (issue #30), export and import. */
export function CopycatControls(p: SettingsProps) {
  const { load, set } = useCopycats();
  return (
    <>
      <CopycatSettings {...p} />
      {load.kind === 'loading' && (
        <p class="muted" role="status">
          {t('options_copycats_loading')}
        </p>
      )}
      {load.kind === 'error' && <p class="field-error">{t('options_copycats_failed', load.message)}</p>}
      {load.kind === 'ok' && (
        <>
          <CopycatSites state={load.state} set={set} />
          <CopycatSubscriptions />
          <CopycatTransfer state={load.state} set={set} />
        </>
      )}
    </>
  );
}
