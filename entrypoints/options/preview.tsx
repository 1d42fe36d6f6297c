import { useMemo } from 'preact/hooks';
import { engineName, plural } from '../../page-support/format';
import { percent } from '../../lib/group/describe';
import { errorText } from '../../page-support/messaging';
import { PairChart } from '../../components/pair-chart';
import { PreviewGroups } from '../../components/preview-groups';
import type { GroupOutcome } from '../../lib/group/results';
import type { PreviewData } from '../../lib/store/types';
import { type PreviewOptions, outcomeLine, previewGrouper, timeAgo } from './preview-model';
import { usePreviewData } from './use-preview';

interface ThresholdPreviewProps extends PreviewOptions {
  /** The slider's value as it moves, not only once saved. */
  threshold: number;
}

/** The Grouping section's live preview: the last results page seen, grouped at the slider's value. */
export function ThresholdPreview(props: ThresholdPreviewProps) {
  const state = usePreviewData();
  return (
    <div class="preview" id="threshold-preview" role="group" aria-labelledby="threshold-preview-title">
      <h3 id="threshold-preview-title">Preview</h3>
      {state.kind === 'loading' && (
        <p class="muted" role="status">
          Reading the last results page…
        </p>
      )}
      {state.kind === 'empty' && (
        <p class="muted" data-testid="preview-empty">
          Search with a supported engine and the preview will show that page's results.
        </p>
      )}
      {state.kind === 'error' && <p class="muted">Preview not available: {state.message}.</p>}
      {state.kind === 'ok' && <Preview data={state.data} now={state.loadedAt} {...props} />}
    </div>
  );
}

type Grouped = { ok: true; outcome: GroupOutcome } | { ok: false; message: string };

function Preview({ data, now, threshold, shingle, size }: ThresholdPreviewProps & { data: PreviewData; now: number }) {
  // Worked out again only when the page or the way texts are cut changes; then once per threshold.
  const grouper = useMemo(() => previewGrouper(data.items, data.past, { shingle, size }), [data, shingle, size]);
  const grouped = useMemo((): Grouped => {
    try {
      return { ok: true, outcome: grouper(threshold) };
    } catch (e) {
      return { ok: false, message: errorText(e) };
    }
  }, [grouper, threshold]);

  return (
    <>
      <p class="preview-page" data-testid="preview-page">
        {engineName(data.engine)} results{data.query ? ` for “${data.query}”` : ''}, seen{' '}
        <time dateTime={new Date(data.at).toISOString()} title={new Date(data.at).toLocaleString()}>
          {timeAgo(data.at, now)}
        </time>
        {`: ${data.items.length} result${data.items.length === 1 ? '' : 's'}.`}
      </p>
      {!grouped.ok ? (
        <p class="muted">These results could not be grouped: {grouped.message}.</p>
      ) : data.items.length < 2 ? (
        <p class="muted">{data.items.length ? 'One result alone has nothing to resemble.' : 'No results were read on that page.'}</p>
      ) : (
        <>
          <PairChart pairs={grouped.outcome.pairs} threshold={threshold} />
          <p class="preview-outcome">
            At {percent(threshold)}: <span role="status">{outcomeLine(grouped.outcome)}</span>
            {grouped.outcome.boilerplate > 0 && (
              <span class="muted"> ({plural(grouped.outcome.boilerplate, 'shingle')} left out as boilerplate)</span>
            )}
          </p>
          <PreviewGroups groups={grouped.outcome.groups} items={data.items} />
        </>
      )}
    </>
  );
}
