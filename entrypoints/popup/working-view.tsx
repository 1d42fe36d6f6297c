import { engineName } from '../../page-support/format';
import { plural, t } from '../../shared/i18n';
import type { TabState } from '../../lib/tab/tab-state';
import { progressText } from './summary';

/** A page still being read or grouped; use-tab-state asks again every second until it is done. */
export function WorkingView({ s }: { s: TabState }) {
  const p = s.progress && s.progress.total > 0 ? s.progress : undefined;
  return (
    <div role="status">
      <p>
        {s.engineName ?? engineName(s.engine)}
        {s.query ? ` · “${s.query}”` : ''}
      </p>
      {/* Without steps to count the bar is indeterminate: a value of 0 would look stuck. */}
      {p ? <progress aria-label={t('popup_groupingBar')} value={Math.min(p.done, p.total)} max={p.total} /> : <progress aria-label={t('popup_readingBar')} />}
      <p class="muted">
        {progressText(p)}
        {s.results > 0 && ` ${plural('popup_readSoFar', s.results)}`}
      </p>
    </div>
  );
}
