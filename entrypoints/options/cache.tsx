import { NumberField } from '../../components/number-field';
import type { SettingsProps } from '../../page-support/use-settings';
import { CacheUsage } from './cache-usage';

/** The cache's limits, then what it holds now and a way to empty it. */
export function CacheControls({ settings, save }: SettingsProps) {
  return (
    <>
      <div class="row">
        <NumberField
          id="cache-max-mb"
          label="Maximum size"
          min={1}
          max={500}
          unit="MB"
          value={settings.cacheMaxMB}
          commit={(cacheMaxMB) => save({ cacheMaxMB })}
          hint="1 to 500 MB; the oldest pages go first."
        />
        <NumberField
          id="cache-max-age"
          label="Keep pages for"
          min={1}
          max={365}
          unit="days"
          value={settings.cacheMaxAgeDays}
          commit={(cacheMaxAgeDays) => save({ cacheMaxAgeDays })}
          hint="1 to 365 days."
        />
      </div>
      <CacheUsage />
    </>
  );
}
