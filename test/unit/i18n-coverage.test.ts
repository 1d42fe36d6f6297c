/**
 * UI text left outside i18n (docs/i18n.md): every .tsx under components/ and entrypoints/, the
 * content script and the background are parsed (test/unit/helpers/ui-strings.ts says what counts as
 * UI text); anything found must go through t()/plural() or be on ALLOWED, with its reason.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Finding, type Kind, findUntranslated } from './helpers/ui-strings';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Text that is the same in every language. Each entry says why; keep it short. */
const ALLOWED: { text: string | RegExp; why: string }[] = [
  { text: 'Resemble', why: 'the product name, never translated' },
  { text: /^(#|·|—|–|:|…|\(|\)|,|;|\s)*$/u, why: 'separators and symbols (no letters: never flagged, listed for the record)' },
  { text: /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/\S*)?$/, why: 'a host name or address given as an example (searx.example.org): the same in every language' },
  {
    text: "the browser stopped Resemble's background … times during this search",
    why: "lib's English error of a copies run; the UI says it by failure.code (words/copies.ts)",
  },
  { text: /\{[^}]*:[^}]*\}/, why: "CSS rules set as a <style> element's text (paint-gate.ts, groups-on-page.ts), not words" },
];

/** Files whose text is page content (made-up search results), never shown as Resemble's own words. */
const CONTENT: { file: string; why: string }[] = [
  { file: 'entrypoints/welcome/example.ts', why: "an example search's results, drawn as the groups a results page would show: web pages' text, not UI" },
  { file: 'entrypoints/results/local-groups.ts', why: 'warmUp() groups made-up results to compile the hot loops: never shown' },
];

/**
 * Files not converted yet: the second pass moves their words to _locales and takes them off this
 * list (the test fails when a listed file has nothing left to find, so the list only shrinks).
 */
const PENDING: { file: string; why: string }[] = [];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function kindOf(rel: string): Kind | undefined {
  if (rel.endsWith('.tsx')) return 'jsx';
  if (rel === 'entrypoints/results.content.ts' || rel.startsWith('entrypoints/results/')) return 'content-script';
  if (rel === 'entrypoints/background/index.ts' || rel.startsWith('entrypoints/background/')) return 'background';
  if (/^(page-support|shared|components|words|entrypoints\/(popup|options|lost|copies|welcome|privacy))\//.test(rel)) return 'words';
  return undefined;
}

const allowed = (text: string) => ALLOWED.some((a) => (typeof a.text === 'string' ? a.text === text : a.text.test(text)));

const scanned = [
  ...walk(join(ROOT, 'components')),
  ...walk(join(ROOT, 'entrypoints')),
  ...walk(join(ROOT, 'page-support')),
  ...walk(join(ROOT, 'shared')),
  ...walk(join(ROOT, 'words')),
]
  .map((f) => relative(ROOT, f))
  .filter((rel) => /\.tsx?$/.test(rel) && kindOf(rel) !== undefined && rel !== 'entrypoints/background/test-hook.ts' && !CONTENT.some((c) => c.file === rel));
const findings = new Map<string, Finding[]>(scanned.map((rel) => [rel, findUntranslated(rel, readFileSync(join(ROOT, rel), 'utf8'), kindOf(rel)!, allowed)]));

describe('UI text outside i18n', () => {
  it('scans the UI sources (popup, options, lost and found, content script, background)', () => {
    for (const f of [
      'entrypoints/popup/app.tsx',
      'entrypoints/options/app.tsx',
      'words/options.ts',
      'entrypoints/results/page-ui.ts',
      'entrypoints/background/browser-ui/link-menu.ts',
    ])
      expect(scanned).toContain(f);
  });

  it('finds none outside PENDING files: use t()/plural() from shared/i18n (docs/i18n.md)', () => {
    const left = [...findings].filter(([f]) => !PENDING.some((p) => p.file === f)).flatMap(([, list]) => list.map((x) => `${x.file}:${x.line}: ${x.text}`));
    expect(left).toEqual([]);
  });

  it('lists as PENDING only files that still have text to convert', () => {
    const done = PENDING.filter((p) => !findings.get(p.file)?.length).map((p) => p.file);
    expect(done, 'converted (or gone): take them off PENDING').toEqual([]);
  });

  it('would see the kinds of text it is meant to see', () => {
    const jsx = findUntranslated(
      'x.tsx',
      `const a = <p title="Open it">Hello {busy ? 'Saving…' : t('k')} <b>{\`#\${n}\`}</b>{\`Hide \${n}\`}</p>;`,
      'jsx',
      allowed,
    );
    expect(jsx.map((f) => f.text)).toEqual(['Open it', 'Hello', 'Saving…', 'Hide …']);
    const cs = findUntranslated(
      'x.ts',
      `el.textContent = 'dead link'; el.setAttribute('aria-label', \`Show \${x}\`); el.className = 'label dead'; el.textContent = t('k');`,
      'content-script',
      allowed,
    );
    expect(cs.map((f) => f.text)).toEqual(['dead link', 'Show …']);
    const bg = findUntranslated('x.ts', `menus.create({ id: 'm', title: 'Find similar copy' }); set({ title: t('k') });`, 'background', allowed);
    expect(bg.map((f) => f.text)).toEqual(['Find similar copy']);
    const obj = findUntranslated(
      'x.ts',
      `const a = { label: 'Not a copy', id: 'Not a copy', mode: { label: 'collapse' }, error: ok ? t('k') : 'no such run' };`,
      'words',
      allowed,
    );
    expect(obj.map((f) => f.text)).toEqual(['Not a copy', 'no such run']);
  });
});
