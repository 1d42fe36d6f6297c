import { useState } from 'preact/hooks';
import type { SubscribeReply, SubscriptionView, SubscriptionsView } from '../../../lib/copycat/subscriptions';
import { errorText, send } from '../../../page-support/messaging';
import { t } from '../../../shared/i18n';
import { subFailedWords, subMetaWords, subReplyError } from '../../../words/options';
import { Interval } from './subscribe-form';
import { acceptHere, updateNow } from './subscription-asks';

/** What a change came to: the subscriptions as they are now, or why it failed. */
export type OnView = (v: SubscriptionsView | undefined, error?: string) => void;

type Draft = { name: string; hours: number };

/** The edit form: the name and the interval; closed by Save (once saved) or Cancel. The draft outlives it, as typed. */
function EditForm(p: { id: string; draft: Draft; setDraft: (d: Draft) => void; busy: boolean; save: () => void; close: () => void }) {
  const { id, draft, setDraft } = p;
  return (
    <form
      class="sub-edit"
      onSubmit={(e) => {
        e.preventDefault();
        p.save();
      }}
    >
      <div class="sub-field">
        <label for={`${id}-name`}>{t('options_subs_name')}</label>
        <input
          id={`${id}-name`}
          type="text"
          maxLength={100}
          value={draft.name}
          onInput={(e) => setDraft({ ...draft, name: (e.target as HTMLInputElement).value })}
        />
      </div>
      <div class="sub-field">
        <label for={`${id}-hours`}>{t('options_subs_interval')}</label>
        <Interval id={`${id}-hours`} value={draft.hours} onChange={(hours) => setDraft({ ...draft, hours })} />
      </div>
      <button type="submit" disabled={p.busy}>
        {t('options_subs_save')}
      </button>
      <button type="button" onClick={p.close}>
        {t('options_subs_cancel')}
      </button>
    </form>
  );
}

/** One subscription: its name, address and state, with Update now (or Accept, from another device), Edit and Remove. */
export function SubRow({ s, onView }: { s: SubscriptionView; onView: OnView }) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<Draft>({ name: s.name, hours: s.hours });
  const id = `sub-${s.url.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`;
  const aria = (what: string) => t('options_subs_aria', what, s.name);
  const run = async (f: () => Promise<SubscriptionsView | SubscribeReply>) => {
    setBusy(true);
    try {
      const r = await f();
      if ('subs' in r) onView(r);
      else if ('view' in r) onView(r.view);
      else onView(undefined, subReplyError(r, s.url));
    } catch (e) {
      onView(undefined, errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    const name = draft.name.trim();
    void run(() => send('subs/edit', { url: s.url, ...(name && { name }), hours: draft.hours })).then(() => setEditing(false));
  };
  const [again, againWords] = s.proposed ? [() => acceptHere(s), t('options_subs_accept')] : [() => updateNow(s), t('options_subs_updateNow')];
  return (
    <li class="sub" data-url={s.url} data-proposed={s.proposed ? 'true' : undefined}>
      <div class="sub-head">
        <strong class="sub-name">{s.name}</strong> <span class="sub-url url">{s.url}</span>
      </div>
      <p class="sub-meta muted">{subMetaWords(s)}</p>
      {s.proposed && <p class="sub-proposed hint">{t('options_subs_proposed')}</p>}
      {s.failed && <p class="sub-failed field-error">{subFailedWords({ ...s, failed: s.failed })}</p>}
      {editing ? (
        <EditForm id={id} draft={draft} setDraft={setDraft} busy={busy} save={save} close={() => setEditing(false)} />
      ) : (
        <div class="actions">
          <button type="button" disabled={busy} aria-label={aria(againWords)} onClick={() => void run(again)}>
            {busy ? t('options_subs_busy') : againWords}
          </button>
          <button type="button" aria-label={aria(t('options_subs_edit'))} onClick={() => setEditing(true)}>
            {t('options_subs_edit')}
          </button>
          <button type="button" disabled={busy} aria-label={aria(t('options_subs_remove'))} onClick={() => void run(() => send('subs/remove', { url: s.url }))}>
            {t('options_subs_remove')}
          </button>
        </div>
      )}
    </li>
  );
}
