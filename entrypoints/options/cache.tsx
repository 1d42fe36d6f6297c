import { NumberField } from '../../components/number-field';
import type { SettingsProps } from '../../page-support/use-settings';
import { CacheUsage } from './cache-usage';
import { t } from '../../page-support/i18n';

/** The cache's limits, then what it holds now and a way to empty it. */
export function CacheControls({ settings, save }: SettingsProps) {
  return (
    <>
      <div class="row">
        <NumberField
          id="cache-max-mb"
          label={t('options_cache_maxSize')}
          min={1}
          max={500}
          unit={t('options_cache_mb')}
          value={settings.cacheMaxMB}
          commit={(cacheMaxMB) => save({ cacheMaxMB })}
          hint={t('options_cache_maxSize_hint')}
        />
        <NumberField
          id="cache-max-age"
          label={t('options_cache_maxAge')}
          min={1}
          max={365}
          unit={t('options_cache_days')}
          value={settings.cacheMaxAgeDays}
          commit={(cacheMaxAgeDays) => save({ cacheMaxAgeDays })}
          hint={t('options_cache_maxAge_hint')}
        />
      </div>
      <CacheUsage />
    </>
  );
}
