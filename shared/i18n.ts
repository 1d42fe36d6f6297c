import { browser } from 'wxt/browser';
import type EN from '../public/_locales/en/messages.json';
import { wholePercent } from '../lib/group/describe';

/**
 * Every word the user reads goes through here (docs/i18n.md): the extension pages and the content
 * script call t() and plural(), which read _locales/<lang>/messages.json through browser.i18n, so the
 * text follows the browser's language. Numbers, percentages and dates are formatted for that language
 * with Intl. Keys are typed from the English file: a key missing there does not compile.
 */
export type MessageKey = keyof typeof EN;
/** "groups" for the keys groups_one, groups_other…: every plural has an `_other` form in every locale. */
export type PluralBase = { [K in MessageKey]: K extends `${infer B}_other` ? B : never }[MessageKey];

/** Where messages come from: browser.i18n in the extension, a messages.json read from disk in unit tests. */
export interface MessageSource {
  /** The message with $1…$9 filled in; '' when the key is unknown (browser.i18n's answer). */
  getMessage(key: string, subs: string[]): string;
  /** A BCP 47 tag ("de", "pt-BR") for Intl. */
  language(): string;
}

let source: MessageSource | undefined;

/** The seam for Node (test/unit/helpers/i18n.ts installs the English file before every test file). */
export function setMessageSource(s: MessageSource | undefined): void {
  source = s;
}

function current(): MessageSource {
  if (source) return source;
  const i18n = (browser as typeof browser | undefined)?.i18n;
  if (!i18n) throw new Error('shared/i18n: no browser.i18n here; unit tests install a source with setMessageSource');
  // @types/chrome types the key as the built-in @@ names only; ours are checked by MessageKey above.
  const get = (i18n.getMessage as (key: string, subs: string[]) => string).bind(i18n);
  source = { getMessage: (key, subs) => get(key, subs), language: () => languageOf(get('locale', []), i18n.getUILanguage()) };
  return source;
}

/**
 * The language Intl formats in: the browser's UI language when the messages shown are in that language
 * (en-GB keeps its dates), else the language of the messages file the browser picked (its `locale`
 * message). The two differ when no file matches the UI (Italian falls back to English: English
 * plurals, not Italian ones), and headless Chromium reports en-US whatever --lang chose.
 */
export function languageOf(messagesLocale: string, ui: string): string {
  const primary = (tag: string) => tag.split(/[-_]/)[0].toLowerCase();
  if (!messagesLocale) return ui;
  return ui && primary(ui) === primary(messagesLocale) ? ui : messagesLocale;
}

/** The UI language ("de", "en-US"), for Intl. */
export function uiLanguage(): string {
  return current().language();
}

/** A number in the UI language ("1,234" / "1.234"). */
export function num(n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(uiLanguage(), options).format(n);
}

/** 0.873 → "87%" ("87 %" in German): lib's whole percent (never 100% for less than 1, nor 0% for more than 0). */
export function pct(r: number): string {
  return num(wholePercent(r) / 100, { style: 'percent', maximumFractionDigits: 0 });
}

const substitution = (s: string | number) => (typeof s === 'number' ? num(s) : s);

/**
 * The message `key` with its $1…$9 filled in (numbers formatted for the language). A key without a
 * message (a build that lost a locale file) shows the key itself and says so in the console, so the
 * gap is seen rather than an empty label.
 */
export function t(key: MessageKey, ...subs: (string | number)[]): string {
  return lookup(key, subs.map(substitution));
}

function lookup(key: string, subs: string[]): string {
  const m = current().getMessage(key, subs);
  if (m) return m;
  console.error(`Resemble: no message "${key}" in this language`);
  return key;
}

/**
 * The words of `code` from a table of keys, or undefined for a code the table lacks (one a newer lib or
 * background sent, or a string from a page): the caller says what to show then.
 */
export function tOf(keys: Readonly<Record<string, MessageKey>>, code: string | undefined): string | undefined {
  return code !== undefined && Object.hasOwn(keys, code) ? t(keys[code]) : undefined;
}

/**
 * "1 group" / "5 groups" / "5 групп": the form Intl.PluralRules picks for `n` in the UI language, from
 * the keys `<base>_one`, `_few`, `_many`, `_other`… (each locale has the forms its language needs and
 * always `_other`). $1 is `n` formatted; more substitutions follow as $2….
 */
export function plural(base: PluralBase, n: number, ...subs: (string | number)[]): string {
  const lang = uiLanguage();
  const form = new Intl.PluralRules(lang).select(n);
  const all = [num(n), ...subs.map(substitution)];
  return current().getMessage(`${base}_${form}`, all) || lookup(`${base}_other`, all);
}

/** A date ("3 Mar 2024", "03.03.2024") in the UI language. */
export function date(ms: number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Intl.DateTimeFormat(uiLanguage(), options).format(new Date(ms));
}

/** "5 min ago" / "vor 5 Minuten": a past moment relative to now, in minutes, hours or days. */
export function ago(ms: number, now = Date.now()): string {
  const rtf = new Intl.RelativeTimeFormat(uiLanguage(), { numeric: 'auto' });
  const mins = Math.round((now - ms) / 60_000);
  if (mins < 60) return rtf.format(-Math.max(0, mins), 'minute');
  const hours = Math.round(mins / 60);
  return hours < 48 ? rtf.format(-hours, 'hour') : rtf.format(-Math.round(hours / 24), 'day');
}
