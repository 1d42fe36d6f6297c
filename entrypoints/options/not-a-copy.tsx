import { useEffect, useState } from 'preact/hooks';
import { domainOf } from '../../lib/group/describe';
import type { NotACopy } from '../../lib/group/not-a-copy';
import { safeHref } from '../../components/group-list';
import { errorText, send } from '../../page-support/messaging';

type Choices = { kind: 'loading' } | { kind: 'ok'; list: NotACopy[] } | { kind: 'error'; message: string };

function Page({ url, title }: { url: string; title: string }) {
  const href = safeHref(url);
  const text = title.trim() || url;
  return (
    <span class="pair-page">
      {href ? (
        <a href={href} target="_blank" rel="noreferrer">
          {text}
        </a>
      ) : (
        text
      )}{' '}
      <span class="domain">{domainOf(url)}</span>
    </span>
  );
}

/**
 * "Not a copy" choices (issue #20): each pair the user said is not a copy, newest first, with Undo.
 * Results pages open now regroup when a choice is undone (they see storage change).
 */
export function NotACopyList() {
  const [choices, setChoices] = useState<Choices>({ kind: 'loading' });
  const [status, setStatus] = useState('');
  useEffect(() => {
    send('not-a-copy/list', {}, { timeoutMs: 5000 }).then(
      (list) => setChoices({ kind: 'ok', list }),
      (e: unknown) => setChoices({ kind: 'error', message: errorText(e) }),
    );
  }, []);
  const undo = async (c: NotACopy) => {
    try {
      const list = await send('not-a-copy/undo', { a: c.a, b: c.b });
      setChoices({ kind: 'ok', list });
      setStatus(`Undone: ${domainOf(c.a)} and ${domainOf(c.b)} may be grouped again.`);
    } catch (e) {
      setStatus(`Could not undo: ${errorText(e)}`);
    }
  };
  if (choices.kind === 'loading') return <p class="muted">Reading…</p>;
  if (choices.kind === 'error') return <p class="muted">Not available ({choices.message})</p>;
  return (
    <div class="not-a-copy">
      {choices.list.length === 0 ? (
        <p class="muted">None yet. "Not a copy" on a grouped result, on the results page or in the popup, adds it here.</p>
      ) : (
        <ul class="pairs" aria-label="Pairs never grouped">
          {[...choices.list].reverse().map((c) => (
            <li key={`${c.a}\n${c.b}`}>
              <Page url={c.a} title={c.titleA} /> <span class="muted">and</span> <Page url={c.b} title={c.titleB} />{' '}
              <span class="muted">· {new Date(c.at).toLocaleDateString()}</span>{' '}
              <button type="button" onClick={() => void undo(c)} aria-label={`Undo: ${domainOf(c.a)} and ${domainOf(c.b)} may be grouped again`}>
                Undo
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
