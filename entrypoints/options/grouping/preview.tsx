import { useMemo } from 'preact/hooks';
import { engineName } from '../../../page-support/format';
import { date, pct, plural, t } from '../../../shared/i18n';
import { errorText } from '../../../page-support/messaging';
import { PairChart } from '../../../components/pair-chart';
import { PreviewGroups } from '../../../components/preview-groups';
import type { GroupOutcome } from '../../../lib/group/results';
import type { PreviewData } from '../../../lib/store/types';
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
    // biome-ignore lint/a11y/useSemanticElements: a fieldset brings a border and legend the design has not; role=group with its label reads the same
    <div class="preview" id="threshold-preview" role="group" aria-labelledby="threshold-preview-title">
      <h3 id="threshold-preview-title">{t('options_preview')}</h3>
      {state.kind === 'loading' && (
        <p class="muted" role="status">
          {t('options_preview_loading')}
        </p>
      )}
      {state.kind === 'empty' && (
        <p class="muted" data-testid="preview-empty">
          {t('options_preview_empty')}
        </p>
      )}
      {state.kind === 'error' && <p class="muted">{t('options_preview_error', state.message)}</p>}
      {state.kind === 'ok' && <Preview data={state.data} now={state.loadedAt} {...props} />}
    </div>
  );
}

/** Where the time goes in the "seen" sentence: a private-use character no message holds (getMessage drops U+0000). */
const TIME = '\uE000';

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

  // One sentence per language with the time in its place: the <time> element goes where $2 is.
  const count = plural('results', data.items.length);
  const sentence = data.query
    ? t('options_preview_seenQuery', engineName(data.engine), TIME, count, data.query)
    : t('options_preview_seen', engineName(data.engine), TIME, count);
  const seen = sentence.split(TIME);

  return (
    <>
      <p class="preview-page" data-testid="preview-page">
        {seen[0]}
        {/* The exact time in words beside "5 minutes ago", not in a hover-only title (a phone has no hover). */}
        <time dateTime={new Date(data.at).toISOString()}>
          {timeAgo(data.at, now)} <span class="muted">({date(data.at, { dateStyle: 'medium', timeStyle: 'short' })})</span>
        </time>
        {seen[1]}
      </p>
      {!grouped.ok ? (
        <p class="muted">{t('options_preview_groupError', grouped.message)}</p>
      ) : data.items.length < 2 ? (
        <p class="muted">{data.items.length ? t('options_preview_one') : t('options_preview_none')}</p>
      ) : (
        <>
          <PairChart pairs={grouped.outcome.pairs} threshold={threshold} />
          <p class="preview-outcome">
            {t('options_preview_at', pct(threshold))} <span role="status">{outcomeLine(grouped.outcome)}</span>
            {grouped.outcome.boilerplate > 0 && <span class="muted"> {plural('options_preview_boilerplate', grouped.outcome.boilerplate)}</span>}
          </p>
          <PreviewGroups groups={grouped.outcome.groups} items={data.items} />
        </>
      )}
    </>
  );
}
