import { useState } from 'preact/hooks';
import { DEFAULT_HOURS, SUBS_KEY, checkAddress } from '../../../lib/copycat/subscriptions';
import { errorText } from '../../../page-support/messaging';
import { useList } from '../../../page-support/use-list';
import { t } from '../../../shared/i18n';
import { addressWords, subReplyError, suggestedName } from '../../../words/options';
import './copycat-subscriptions.css';
import { SubscribeForm } from './subscribe-form';
import { askThenSubscribe } from './subscription-asks';
import { type OnView, SubRow } from './subscription-row';

/** Asked again whenever the records change (an update on the alarm while the page is open, another tab). */
const subsChanged = (changes: Record<string, unknown>, area: string) => area === 'local' && Object.hasOwn(changes, SUBS_KEY);

/** Options, "Copycat sites" → Subscriptions (issue #30): lists kept by their address and updated on an interval. */
export function CopycatSubscriptions() {
  const list = useList('subs/list', {}, { reloadOn: subsChanged });
  // One subscribe at a time, and the last problem (a subscribe's, a row's) shown under the form.
  const [status, setStatus] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const view = list.data;
  const error = status.error ?? list.error;
  const onView: OnView = (v, problem) => {
    if (v) list.set(v);
    setStatus((s) => ({ ...s, error: problem }));
  };
  const subscribe = (address: string, listName: string, every: number, done?: () => void) => {
    const checked = checkAddress(address);
    if (!checked.ok) return setStatus({ busy: status.busy, error: t('options_subs_notSubscribed', addressWords(checked.problem)) });
    setStatus({ busy: true });
    const failed = (why: string) => setStatus({ busy: false, error: why });
    askThenSubscribe(checked.url, listName, every)
      .then((r) => {
        if (typeof r === 'string') return failed(r);
        if (!('view' in r)) return failed(t('options_subs_notSubscribed', subReplyError(r, checked.url) ?? ''));
        list.set(r.view);
        setStatus({ busy: false });
        done?.();
      })
      .catch((e: unknown) => failed(t('options_subs_notSubscribed', errorText(e))));
  };
  return (
    <div class="subscriptions" data-testid="subscriptions">
      <h3>{t('options_subs_title')}</h3>
      <p class="hint" id="subs-hint">
        {t('options_subs_hint')}
      </p>
      {view && view.subs.length === 0 && <p class="muted">{t('options_subs_none')}</p>}
      {view && view.subs.length > 0 && (
        <ul class="subs">
          {view.subs.map((s) => (
            <SubRow key={`${s.url}\n${s.name}\n${s.hours}`} s={s} onView={onView} />
          ))}
        </ul>
      )}
      <SubscribeForm busy={status.busy} subscribe={subscribe} />
      <p class="field-error" id="subs-error" role="alert" hidden={!error}>
        {error}
      </p>
      {view && view.suggested.length > 0 && (
        <>
          <h4>{t('options_subs_suggested')}</h4>
          <p class="hint">{t('options_subs_suggestedHint')}</p>
          <ul class="subs-suggested">
            {view.suggested.map((s) => (
              <li key={s.url}>
                <span>
                  {suggestedName(s)} <span class="url muted">{s.url}</span>
                </span>
                <button
                  type="button"
                  disabled={status.busy}
                  aria-label={t('options_subs_aria', t('options_subs_subscribe'), suggestedName(s))}
                  onClick={() => subscribe(s.url, suggestedName(s), DEFAULT_HOURS)}
                >
                  {t('options_subs_subscribe')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
