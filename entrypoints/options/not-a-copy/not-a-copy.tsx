import { useState } from 'preact/hooks';
import { domainOf } from '../../../lib/url/host';
import type { NotACopy } from '../../../lib/group/not-a-copy';
import { SafeLink } from '../../../components/safe-link';
import { date, t } from '../../../shared/i18n';
import { errorText, send } from '../../../page-support/messaging';
import { useList } from '../../../page-support/use-list';

function Page({ url, title }: { url: string; title: string }) {
  return (
    <span class="pair-page">
      <SafeLink url={url} bare>
        {title.trim() || url}
      </SafeLink>{' '}
      <span class="domain">{domainOf(url)}</span>
    </span>
  );
}

/**
 * "Not a copy" choices (issue #20): each pair the user said is not a copy, newest first, with Undo.
 * Results pages open now regroup when a choice is undone (they see storage change).
 */
export function NotACopyList() {
  const choices = useList('not-a-copy/list', {}, { timeoutMs: 5000 });
  const [status, setStatus] = useState('');
  const undo = async (c: NotACopy) => {
    try {
      choices.set(await send('not-a-copy/undo', { a: c.a, b: c.b }));
      setStatus(t('options_notACopy_undone', domainOf(c.a), domainOf(c.b)));
    } catch (e) {
      setStatus(t('options_notACopy_undoFailed', errorText(e)));
    }
  };
  const list = choices.data;
  if (!list) return <p class="muted">{choices.error ? t('options_notAvailable', choices.error) : t('options_reading')}</p>;
  return (
    <div class="not-a-copy">
      {list.length === 0 ? (
        <p class="muted">{t('options_notACopy_none')}</p>
      ) : (
        <ul class="pairs" aria-label={t('options_notACopy_list')}>
          {[...list].reverse().map((c) => (
            <li key={`${c.a}\n${c.b}`}>
              <Page url={c.a} title={c.titleA} /> <span class="muted">{t('options_notACopy_and')}</span> <Page url={c.b} title={c.titleB} />{' '}
              <span class="muted">· {date(c.at)}</span>{' '}
              <button
                type="button"
                onClick={() => void undo(c)}
                aria-label={t('options_notACopy_undo_aria', t('options_notACopy_undo'), domainOf(c.a), domainOf(c.b))}
              >
                {t('options_notACopy_undo')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" class="muted">
        {status}
      </p>
    </div>
  );
}
