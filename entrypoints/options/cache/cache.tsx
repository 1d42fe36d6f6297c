import type { SettingsProps } from '../../../page-support/use-settings';
import { CacheUsage } from './cache-usage';
import { type NumberSettingField, NumberSettings } from '../../../components/number-settings';

const LIMITS: readonly NumberSettingField[] = [
  { setting: 'cacheMaxMB', id: 'cache-max-mb', label: 'options_cache_maxSize', unit: 'options_cache_mb', hint: 'options_cache_maxSize_hint' },
  { setting: 'cacheMaxAgeDays', id: 'cache-max-age', label: 'options_cache_maxAge', unit: 'options_cache_days', hint: 'options_cache_maxAge_hint' },
];

/** The cache's limits, then what it holds now and a way to empty it. */
export function CacheControls({ settings, save }: SettingsProps) {
  return (
    <>
      <NumberSettings fields={LIMITS} settings={settings} save={save} />
      <CacheUsage />
    </>
  );
}
