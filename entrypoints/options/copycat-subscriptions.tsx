import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import {
  type AddressProblem,
  DEFAULT_HOURS,
  MAX_SUBS,
  SUBS_KEY,
  type SuggestedList,
  type SubscribeReply,
  type SubscriptionView,
  type SubscriptionsView,
  checkAddress,
  subOrigin,
} from '../../lib/copycat/subscriptions';
import { MAX_LIST_BYTES } from '../../lib/limits';
import { LISTS_BUDGET } from '../../lib/copycat/listed';
import { type MessageKey, date, num, plural, t } from '../../shared/i18n';
import { errorText, send } from '../../page-support/messaging';
import './copycat-subscriptions.css';

/** The intervals offered: hourly is the shortest. */
const INTERVALS: [hours: number, key: MessageKey][] = [
  [1, 'options_subs_every1'],
  [6, 'options_subs_every6'],
  [12, 'options_subs_every12'],
  [24, 'options_subs_every24'],
  [168, 'options_subs_every168'],
];
/** The suggested lists' names in the UI's language (the name a subscription keeps, shown in its sites' labels). */
const SUGGESTED_NAMES: Record<string, MessageKey> = {
  'so-translations': 'options_subs_sugg_stackoverflow',
  'gh-translations': 'options_subs_sugg_github',
  'dev-copycats': 'options_subs_sugg_dev',
};
const suggestedName = (s: SuggestedList) => (SUGGESTED_NAMES[s.id] ? t(SUGGESTED_NAMES[s.id]) : s.name);
const when = (ms: number) => date(ms, { dateStyle: 'medium', timeStyle: 'short' });
/** A subscribe can wait for a slow list host (the background gives a fetch 30 s). */
const SLOW = { timeoutMs: 60_000 };

const ADDRESS_WORDS: Record<AddressProblem, MessageKey> = {
  empty: 'options_subs_err_address',
  'not-url': 'options_subs_err_address',
  scheme: 'options_subs_err_address',
  credentials: 'options_subs_err_credentials',
  'too-long': 'options_subs_err_address',
  private: 'options_subs_err_private',
};

/** Why a fetch or a subscribe failed, in the UI's language (the technical detail after it). */
function failureWords(code: string, detail: string, url: string): string {
  if (code === 'access') return t('options_subs_err_access', new URL(url).hostname);
  if (code === 'address') {
    if (detail === 'too-many') return t('options_subs_err_tooMany', num(MAX_SUBS));
    return t(ADDRESS_WORDS[detail as AddressProblem] ?? 'options_subs_err_address');
  }
  if (code === 'too-large') return t('options_subs_err_tooLarge', num(MAX_LIST_BYTES / 1e6));
  if (code === 'timeout') return t('options_subs_err_timeout');
  if (code === 'storage') return t('options_subs_err_storage', detail);
  if (code === 'budget') return t('options_subs_err_budget', num(LISTS_BUDGET.sites), num(LISTS_BUDGET.bytes / 1e6), detail);
  if (code === 'wrong-type') return t('options_subs_err_type', detail);
  if (['binary', 'front-matter', 'no-site', 'no-rules'].includes(code)) return t('options_subs_err_notList', detail);
  return t('options_subs_err_fetch', detail);
}
const replyError = (r: SubscribeReply, url: string) => ('code' in r ? failureWords(r.code, r.error, url) : undefined);

function Interval({ id, value, onChange }: { id: string; value: number; onChange: (h: number) => void }) {
  const shown = INTERVALS.some(([h]) => h === value) ? value : DEFAULT_HOURS;
  return (
    <select id={id} value={String(shown)} onChange={(e) => onChange(Number((e.target as HTMLSelectElement).value))}>
      {INTERVALS.map(([h, key]) => (
        <option key={h} value={String(h)}>
          {t(key)}
        </option>
      ))}
    </select>
  );
}

/**
 * Asks the browser for access to the list's host, then subscribes. Called straight from the click or
 * submit: nothing is awaited before the request (browsers show the prompt only during a user action).
 */
function askThenSubscribe(url: string, name: string, hours: number): Promise<SubscribeReply | string> {
  return browser.permissions.request({ origins: [subOrigin(url)] }).then<SubscribeReply | string, string>(
    (granted) =>
      granted ? send('subs/add', { url, ...(name.trim() && { name: name.trim() }), hours }, SLOW) : t('options_subs_refused', new URL(url).hostname),
    (e: unknown) => t('options_subs_askError', errorText(e)),
  );
}

/**
 * "Update now". A subscription that failed for want of host access (taken back in the browser, or one
 * that came from another device) asks for it again first, in the same click.
 */
function updateNow(s: SubscriptionView): Promise<SubscribeReply> {
  const asked = s.failed?.code === 'access' ? browser.permissions.request({ origins: [subOrigin(s.url)] }) : Promise.resolve(true);
  return asked.then((granted): Promise<SubscribeReply> | SubscribeReply =>
    granted ? send('subs/update', { url: s.url }, SLOW) : { code: 'access', error: subOrigin(s.url) },
  );
}

/**
 * "Accept on this device": another device's subscription (issue #38) asks for its host access and is
 * fetched, in the same click. Until then it is listed, never fetched.
 */
function acceptHere(s: SubscriptionView): Promise<SubscribeReply> {
  return browser.permissions
    .request({ origins: [subOrigin(s.url)] })
    .then((granted): Promise<SubscribeReply> | SubscribeReply =>
      granted ? send('subs/accept', { url: s.url }, SLOW) : { code: 'access', error: subOrigin(s.url) },
    );
}

function SubRow({ s, onView }: { s: SubscriptionView; onView: (v: SubscriptionsView | undefined, error?: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(s.name);
  const [hours, setHours] = useState(s.hours);
  const [busy, setBusy] = useState(false);
  const id = `sub-${s.url.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`;
  const run = async (f: () => Promise<SubscriptionsView | SubscribeReply>) => {
    setBusy(true);
    try {
      const r = await f();
      if ('subs' in r) onView(r);
      else if ('view' in r) onView(r.view);
      else onView(undefined, replyError(r, s.url));
    } catch (e) {
      onView(undefined, errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li class="sub" data-url={s.url} data-proposed={s.proposed ? 'true' : undefined}>
      <div class="sub-head">
        <strong class="sub-name">{s.name}</strong> <span class="sub-url url">{s.url}</span>
      </div>
      <p class="sub-meta muted">
        {t(
          'options_subs_meta',
          plural('options_sites', s.sites),
          s.updated ? when(s.updated) : '—',
          t(INTERVALS.find(([h]) => h === s.hours)?.[1] ?? 'options_subs_every24'),
        )}
      </p>
      {s.proposed && <p class="sub-proposed hint">{t('options_subs_proposed')}</p>}
      {s.failed && <p class="sub-failed field-error">{t('options_subs_failed', when(s.failed.at), failureWords(s.failed.code, s.failed.message, s.url))}</p>}
      {editing ? (
        <form
          class="sub-edit"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => send('subs/edit', { url: s.url, ...(name.trim() && { name: name.trim() }), hours })).then(() => setEditing(false));
          }}
        >
          <div class="sub-field">
            <label for={`${id}-name`}>{t('options_subs_name')}</label>
            <input id={`${id}-name`} type="text" maxLength={100} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </div>
          <div class="sub-field">
            <label for={`${id}-hours`}>{t('options_subs_interval')}</label>
            <Interval id={`${id}-hours`} value={hours} onChange={setHours} />
          </div>
          <button type="submit" disabled={busy}>
            {t('options_subs_save')}
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            {t('options_subs_cancel')}
          </button>
        </form>
      ) : (
        <div class="actions">
          {s.proposed ? (
            <button
              type="button"
              disabled={busy}
              aria-label={t('options_subs_aria', t('options_subs_accept'), s.name)}
              onClick={() => void run(() => acceptHere(s))}
            >
              {busy ? t('options_subs_busy') : t('options_subs_accept')}
            </button>
          ) : (
            <button
              type="button"
              disabled={busy}
              aria-label={t('options_subs_aria', t('options_subs_updateNow'), s.name)}
              onClick={() => void run(() => updateNow(s))}
            >
              {busy ? t('options_subs_busy') : t('options_subs_updateNow')}
            </button>
          )}
          <button type="button" aria-label={t('options_subs_aria', t('options_subs_edit'), s.name)} onClick={() => setEditing(true)}>
            {t('options_subs_edit')}
          </button>
          <button
            type="button"
            disabled={busy}
            aria-label={t('options_subs_aria', t('options_subs_remove'), s.name)}
            onClick={() => void run(() => send('subs/remove', { url: s.url }))}
          >
            {t('options_subs_remove')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Options, "Copycat sites" → Subscriptions (issue #30): lists kept by their address and updated on an interval. */
export function CopycatSubscriptions() {
  const [view, setView] = useState<SubscriptionsView>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [hours, setHours] = useState(DEFAULT_HOURS);
  // Asked again whenever the records change (an update on the alarm while the page is open, another tab).
  useEffect(() => {
    const load = () => void send('subs/list', {}).then(setView, (e: unknown) => setError(errorText(e)));
    load();
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.hasOwn(changes, SUBS_KEY)) load();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);
  const onView = (v: SubscriptionsView | undefined, problem?: string) => {
    if (v) setView(v);
    setError(problem);
  };
  const subscribe = (address: string, listName: string, every: number, done?: () => void) => {
    const checked = checkAddress(address);
    if (!checked.ok) return setError(t('options_subs_notSubscribed', t(ADDRESS_WORDS[checked.problem])));
    setBusy(true);
    setError(undefined);
    askThenSubscribe(checked.url, listName, every)
      .then((r) => {
        if (typeof r === 'string') return setError(r);
        if ('view' in r) {
          setView(r.view);
          done?.();
        } else setError(t('options_subs_notSubscribed', replyError(r, checked.url) ?? ''));
      })
      .catch((e: unknown) => setError(t('options_subs_notSubscribed', errorText(e))))
      .finally(() => setBusy(false));
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
      <form
        class="sub-add"
        onSubmit={(e) => {
          e.preventDefault();
          subscribe(url, name, hours, () => {
            setUrl('');
            setName('');
          });
        }}
        noValidate
      >
        <div class="sub-field sub-field-url">
          <label for="sub-url">{t('options_subs_address')}</label>
          <input
            id="sub-url"
            type="text"
            inputMode="url"
            placeholder="lists.example/copycats.txt"
            spellcheck={false}
            autocomplete="off"
            autocapitalize="off"
            value={url}
            aria-describedby="subs-hint subs-error"
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
          />
        </div>
        <div class="sub-field">
          <label for="sub-name">{t('options_subs_name')}</label>
          <input id="sub-name" type="text" maxLength={100} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </div>
        <div class="sub-field">
          <label for="sub-hours">{t('options_subs_interval')}</label>
          <Interval id="sub-hours" value={hours} onChange={setHours} />
        </div>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('options_subs_busy') : t('options_subs_subscribe')}
        </button>
      </form>
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
                  disabled={busy}
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
