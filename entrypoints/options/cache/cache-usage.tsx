import { useEffect, useRef, useState } from 'preact/hooks';
import { formatKB } from '../../../page-support/format';
import { plural, t } from '../../../shared/i18n';
import { errorText, send } from '../../../page-support/messaging';
import { useList } from '../../../page-support/use-list';

/** Clearing: a first click asks to confirm, the second clears; the result stays until the next click. */
type Clearing = { kind: 'idle' } | { kind: 'confirm' } | { kind: 'clearing' } | { kind: 'done'; cleared: number } | { kind: 'failed'; message: string };

/** The cache's current usage (cache/usage) and the "Clear cache" button (cache/clear). */
export function CacheUsage() {
  const usage = useList('cache/usage', {}, { timeoutMs: 5000 });
  const [clearing, setClearing] = useState<Clearing>({ kind: 'idle' });
  const confirmRef = useRef<HTMLButtonElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);

  // Keep keyboard focus on the control that replaced the one just pressed (not on the first render).
  const shown = useRef(false);
  useEffect(() => {
    if (!shown.current) return void (shown.current = true);
    (clearing.kind === 'confirm' ? confirmRef : clearRef).current?.focus();
  }, [clearing.kind === 'confirm' || clearing.kind === 'clearing']);

  const clear = async () => {
    setClearing({ kind: 'clearing' });
    try {
      const { cleared } = await send('cache/clear', {});
      setClearing({ kind: 'done', cleared });
    } catch (e) {
      setClearing({ kind: 'failed', message: errorText(e) });
    }
    await usage.reload();
  };

  const confirming = clearing.kind === 'confirm' || clearing.kind === 'clearing';
  return (
    <div class="cache-usage">
      <p role="status">
        <span class="muted">{t('options_usage')} </span>
        {/* A failed update says so in place of the figures, which the clearing may have changed. */}
        {usage.error !== undefined ? (
          <span class="muted">{t('options_usage_error', usage.error)}</span>
        ) : usage.data ? (
          t('options_usage_value', plural('pages', usage.data.entries), formatKB(usage.data.bytes))
        ) : (
          t('options_usage_reading')
        )}
      </p>
      {confirming ? (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset brings a border and legend the design has not; role=group with its label reads the same
        <div class="actions" role="group" aria-labelledby="clear-question">
          <span id="clear-question">{t('options_clear_question')}</span>
          <button type="button" class="danger" ref={confirmRef} disabled={clearing.kind === 'clearing'} onClick={() => void clear()}>
            {clearing.kind === 'clearing' ? t('options_clearing') : t('options_clear')}
          </button>
          <button type="button" disabled={clearing.kind === 'clearing'} onClick={() => setClearing({ kind: 'idle' })}>
            {t('options_cancel')}
          </button>
        </div>
      ) : (
        <div class="actions">
          <button type="button" ref={clearRef} onClick={() => setClearing({ kind: 'confirm' })}>
            {t('options_clear_ask')}
          </button>
          <span role="status">
            {clearing.kind === 'done' && <span class="ok">{plural('options_cleared', clearing.cleared)}</span>}
            {clearing.kind === 'failed' && <span class="field-error">{t('options_clear_error', clearing.message)}</span>}
          </span>
        </div>
      )}
    </div>
  );
}
