import { useState } from 'preact/hooks';
import { DEFAULT_HOURS } from '../../../lib/copycat/subscriptions';
import { t } from '../../../shared/i18n';
import { INTERVAL_HOURS, intervalWords } from '../../../words/options';

/** How often a list is fetched again: one of the intervals offered (a value from elsewhere shows as daily). */
export function Interval({ id, value, onChange }: { id: string; value: number; onChange: (h: number) => void }) {
  const shown = INTERVAL_HOURS.includes(value) ? value : DEFAULT_HOURS;
  return (
    <select id={id} value={String(shown)} onChange={(e) => onChange(Number((e.target as HTMLSelectElement).value))}>
      {INTERVAL_HOURS.map((h) => (
        <option key={h} value={String(h)}>
          {intervalWords(h)}
        </option>
      ))}
    </select>
  );
}

interface SubscribeFormProps {
  busy: boolean;
  /** `done` empties the form, once subscribed. */
  subscribe: (url: string, name: string, hours: number, done: () => void) => void;
}

/** A list's address, an optional name and its interval; Subscribe. */
export function SubscribeForm({ busy, subscribe }: SubscribeFormProps) {
  const [form, setForm] = useState({ url: '', name: '', hours: DEFAULT_HOURS });
  const typed = (field: 'url' | 'name') => (e: Event) => setForm((f) => ({ ...f, [field]: (e.target as HTMLInputElement).value }));
  return (
    <form
      class="sub-add"
      onSubmit={(e) => {
        e.preventDefault();
        subscribe(form.url, form.name, form.hours, () => setForm((f) => ({ ...f, url: '', name: '' })));
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
          value={form.url}
          aria-describedby="subs-hint subs-error"
          onInput={typed('url')}
        />
      </div>
      <div class="sub-field">
        <label for="sub-name">{t('options_subs_name')}</label>
        <input id="sub-name" type="text" maxLength={100} value={form.name} onInput={typed('name')} />
      </div>
      <div class="sub-field">
        <label for="sub-hours">{t('options_subs_interval')}</label>
        <Interval id="sub-hours" value={form.hours} onChange={(hours) => setForm((f) => ({ ...f, hours }))} />
      </div>
      <button type="submit" class="primary" disabled={busy}>
        {busy ? t('options_subs_busy') : t('options_subs_subscribe')}
      </button>
    </form>
  );
}
