/**
 * Unit tests run in Node, where browser.i18n does not exist: this reads a locale's messages.json from
 * public/_locales and fills in placeholders the way browser.i18n.getMessage does ($name$ → its
 * placeholder's content, then $1…$9 → the substitutions, $$ → $). An unknown key throws, so a test
 * never passes on a key that the browser would show as the key itself.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageSource, setMessageSource } from '../../../shared/i18n';

export const LOCALES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/_locales');

export interface LocaleMessage {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
export type LocaleFile = Record<string, LocaleMessage>;

export function localeNames(): string[] {
  return readdirSync(LOCALES_DIR).sort();
}

export function readLocale(locale: string): LocaleFile {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, 'messages.json'), 'utf8')) as LocaleFile;
}

/** What getMessage returns for one entry (placeholder names match case-insensitively, as in browsers). */
export function fill(entry: LocaleMessage, subs: string[]): string {
  const named = new Map(Object.entries(entry.placeholders ?? {}).map(([k, v]) => [k.toLowerCase(), v.content]));
  const withNamed = entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => named.get(name.toLowerCase()) ?? whole);
  return withNamed.replace(/\$(\$|[1-9])/g, (_, d: string) => (d === '$' ? '$' : (subs[Number(d) - 1] ?? '')));
}

/** A MessageSource over one locale's file; `language` is the tag Intl sees ("pt_BR" → "pt-BR"). */
export function fileSource(locale = 'en'): MessageSource {
  const file = readLocale(locale);
  const lower = new Map(Object.entries(file).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    getMessage(key, subs) {
      const entry = lower.get(key.toLowerCase());
      if (entry) return fill(entry, subs);
      // plural() asks for a form first and falls back to _other: a missing form is not an error.
      if (/_(zero|one|two|few|many)$/.test(key)) return '';
      throw new Error(`no message "${key}" in ${locale}/messages.json`);
    },
    language: () => file.locale.message,
  };
}

/** Installs `locale`'s messages for the UI code under test; English unless a test says otherwise. */
export function useLocale(locale = 'en'): void {
  setMessageSource(fileSource(locale));
}
