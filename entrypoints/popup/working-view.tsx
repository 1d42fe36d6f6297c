import { engineName, plural } from '../../page-support/format';
import type { TabState } from '../../lib/group/tab-state';
import { progressText } from './summary';

/** A page still being read or grouped; use-tab-state asks again every second until it is done. */
export function WorkingView({ s }: { s: TabState }) {
  const p = s.progress && s.progress.total > 0 ? s.progress : undefined;
  return (
    <div role="status">
      <p>
        {engineName(s.engine)}
        {s.query ? ` · “${s.query}”` : ''}
      </p>
      {/* Without steps to count the bar is indeterminate: a value of 0 would look stuck. */}
      {p ? <progress aria-label="Grouping results" value={Math.min(p.done, p.total)} max={p.total} /> : <progress aria-label="Reading results" />}
      <p class="muted">
        {progressText(p)}
        {s.results > 0 && ` ${plural(s.results, 'result')} read so far.`}
      </p>
    </div>
  );
}
