/**
 * The locale files (public/_locales/<locale>/messages.json, docs/i18n.md): the same messages in every
 * language, the same substitutions in each, the plural forms each language needs, and no key unused
 * or missing in the code.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type LocaleFile, localeNames, readLocale } from './helpers/i18n';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LOCALES = ['de', 'en', 'es', 'fr', 'ja', 'pt_BR', 'ru', 'zh_CN'];
const FORMS = /_(zero|one|two|few|many|other)$/;
const files = new Map(localeNames().map((l) => [l, readLocale(l)]));
const en = files.get('en')!;

/** A key with its plural form set aside: "groups_few" → "groups"; any other key is itself. */
const baseOf = (key: string) => (FORMS.test(key) ? key.replace(FORMS, '') : key);
const isPluralKey = (file: LocaleFile, key: string) => FORMS.test(key) && Object.hasOwn(file, `${baseOf(key)}_other`);
/** What every locale must hold the same of: plain keys, and plural bases (their forms differ by language). */
const messages = (file: LocaleFile) => new Set(Object.keys(file).map((k) => (isPluralKey(file, k) ? `${baseOf(k)}_*` : k)));
/** $1…$9 and $name$ in a message, sorted: what its translation must use too. */
const substitutions = (m: string) => [...m.matchAll(/\$([1-9]|[A-Za-z_@][A-Za-z0-9_@]*\$)/g)].map((x) => x[0]).sort();

describe('locale files', () => {
  it('exist for the eight languages, with the manifest name and description', () => {
    expect(localeNames()).toEqual(LOCALES);
    for (const [l, f] of files) expect(f.extName?.message, l).toBe('Resemble');
    // shared/i18n formats numbers and picks plural forms in the language of the file shown.
    for (const [l, f] of files) expect(f.locale?.message, l).toBe(l.replace('_', '-'));
  });

  it('hold the same messages in every language', () => {
    const want = [...messages(en)].sort();
    for (const [l, f] of files) expect([...messages(f)].sort(), l).toEqual(want);
  });

  it('give each plural exactly the forms Intl.PluralRules knows for that language (ru: one/few/many/other; ja, zh: other)', () => {
    const bases = [...messages(en)].filter((k) => k.endsWith('_*')).map((k) => k.slice(0, -2));
    expect(bases.length).toBeGreaterThan(3);
    for (const [l, f] of files) {
      const forms = new Intl.PluralRules(l.replace('_', '-')).resolvedOptions().pluralCategories.slice().sort();
      for (const b of bases)
        expect(
          Object.keys(f)
            .filter((k) => baseOf(k) === b && FORMS.test(k))
            .map((k) => k.slice(b.length + 1))
            .sort(),
          `${l}: ${b}`,
        ).toEqual(forms);
    }
  });

  it('use the same substitutions as English in every translation (and every form)', () => {
    const bad: string[] = [];
    for (const [l, f] of files)
      for (const [k, v] of Object.entries(f)) {
        const source = en[k] ?? en[`${baseOf(k)}_other`];
        if (!source) continue; // a form English lacks ("few"): checked against _other
        if (substitutions(v.message).join() !== substitutions(source.message).join()) bad.push(`${l} ${k}: ${v.message}`);
      }
    expect(bad).toEqual([]);
  });

  it('have no empty message, and keys browsers accept (letters, digits, _; unique without regard to case)', () => {
    for (const [l, f] of files) {
      for (const [k, v] of Object.entries(f)) {
        expect(k, l).toMatch(/^[A-Za-z0-9_]+$/);
        expect(v.message.trim(), `${l} ${k}`).not.toBe('');
      }
      const lower = Object.keys(f).map((k) => k.toLowerCase());
      expect(new Set(lower).size, l).toBe(lower.length);
    }
  });
});

/** The UI sources (words/ included: the pages' sentences) and the manifest's config: where keys are used. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}
const codeFiles = [...['components', 'entrypoints', 'page-support', 'shared', 'words'].flatMap((d) => sources(join(ROOT, d))), join(ROOT, 'wxt.config.ts')];

/** Every string literal in the code (a key may sit in a table: { collapse: 'options_mode_collapse' }), and __MSG_x__ names. */
function literals(): Set<string> {
  const out = new Set<string>();
  for (const f of codeFiles) {
    const sf = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true, f.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (n: ts.Node) => {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
        out.add(n.text);
        for (const m of n.text.matchAll(/__MSG_(\w+)__/g)) out.add(m[1]);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

/** The first argument of every t(…) and plural(…) call: it must be a literal key (or a table's entry). */
function calledKeys(): { file: string; key?: string }[] {
  const out: { file: string; key?: string }[] = [];
  for (const f of codeFiles) {
    const sf = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true, f.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && (n.expression.text === 't' || n.expression.text === 'plural') && n.arguments[0]) {
        const a = n.arguments[0];
        out.push({ file: f, key: ts.isStringLiteral(a) ? (n.expression.text === 'plural' ? `${a.text}_other` : a.text) : undefined });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

describe('keys in the code', () => {
  it('every t()/plural() key exists in English (the type MessageKey checks it too, at compile time)', () => {
    const calls = calledKeys();
    expect(calls.length).toBeGreaterThan(100);
    expect(calls.filter((c) => c.key !== undefined && !Object.hasOwn(en, c.key)).map((c) => `${c.file}: ${c.key}`)).toEqual([]);
  });

  it('every English message is used somewhere (a literal key, a table entry or __MSG_…__)', () => {
    const used = literals();
    const unused = [...messages(en)].map((k) => (k.endsWith('_*') ? k.slice(0, -2) : k)).filter((k) => !used.has(k));
    expect(unused).toEqual([]);
  });
});
