/**
 * Issue #14's pair, built from the project's own dependencies (no ../shared needed): a licence page
 * (the Apache-2.0 text that TypeScript ships, node_modules/typescript/LICENSE.txt, inside a simple
 * site's chrome) and a project's README page (about 40 KB: prose, install steps, code, and the whole
 * licence at the end). The README contains the licence page's text but is far from alike to it.
 * Used by the unit tests (test/unit/group-fuller.test.ts) and the e2e (test/e2e/pages-fuller.spec.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { proseText } from './prose';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Apache License 2.0, as TypeScript (a dev dependency, so always installed) ships it. */
export const APACHE_2 = readFileSync(path.join(ROOT, 'node_modules/typescript/LICENSE.txt'), 'utf8');

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const paras = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** A licence site's page for the Apache-2.0 text: navigation, a heading, the text, a footer. */
export function licencePageHtml(licence = APACHE_2): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apache License 2.0 | Open Licences</title></head>
<body><header><nav><a href="/">Open Licences</a> <a href="/licenses/">Licences</a> <a href="/about/">About</a></nav></header>
<main><h1>Apache License 2.0</h1>
${paras(licence)
  .map((p) => `<p>${esc(p)}</p>`)
  .join('\n')}
</main>
<footer><p>Open Licences is a community site. <a href="/privacy/">Privacy</a> <a href="/contact/">Contact</a></p></footer></body></html>`;
}

/** The README's sections, in order: [heading, paragraphs or code]. */
function readmeSections(licence: string): { heading: string; blocks: { code?: string; text?: string }[] }[] {
  const prose = (seed: number, words: number) => paras(proseText(seed, words).replace(/([.]) /g, (m, d, i: number) => (i % 7 === 0 ? `${d}\n\n` : m)));
  const code = [
    'npm install --save lanternfish',
    "import { Lantern } from 'lanternfish';\n\nconst lantern = new Lantern({ harbour: 'north', candles: 12 });\nawait lantern.light();\nconsole.log(lantern.brightness());",
    'git clone https://github.com/example/lanternfish.git\ncd lanternfish\nnpm ci\nnpm test',
  ];
  return [
    { heading: 'Lanternfish', blocks: prose(41, 600).map((text) => ({ text })) },
    { heading: 'Installation', blocks: [{ text: 'Install it from the registry:' }, { code: code[0] }, ...prose(42, 500).map((text) => ({ text }))] },
    { heading: 'Usage', blocks: [{ code: code[1] }, ...prose(43, 1800).map((text) => ({ text }))] },
    { heading: 'Design', blocks: prose(44, 1800).map((text) => ({ text })) },
    { heading: 'Contributing', blocks: [{ code: code[2] }, ...prose(45, 900).map((text) => ({ text }))] },
    { heading: 'License', blocks: paras(licence).map((text) => ({ text })) },
  ];
}

/** The README as Markdown (what raw.githubusercontent.com would serve). */
export function readmeMarkdown(licence = APACHE_2): string {
  return readmeSections(licence)
    .map((s, i) => `${i ? '##' : '#'} ${s.heading}\n\n${s.blocks.map((b) => (b.code ? `\`\`\`\n${b.code}\n\`\`\`` : b.text)).join('\n\n')}`)
    .join('\n\n');
}

/** The README as a code host's HTML page: site navigation, the rendered README in an <article>, a footer. */
export function readmePageHtml(licence = APACHE_2): string {
  const body = readmeSections(licence)
    .map(
      (s, i) =>
        `<h${i ? 2 : 1}>${esc(s.heading)}</h${i ? 2 : 1}>\n${s.blocks.map((b) => (b.code ? `<pre><code>${esc(b.code)}</code></pre>` : `<p>${esc(b.text!)}</p>`)).join('\n')}`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>example/lanternfish: Light for the harbour</title></head>
<body><header><nav><a href="/">Code host</a> <a href="/explore">Explore</a> <a href="/login">Sign in</a></nav></header>
<div class="repo"><nav><a href="/example/lanternfish">Code</a> <a href="/example/lanternfish/issues">Issues</a></nav>
<article class="markdown-body">${body}</article></div>
<footer><p>© Code host. <a href="/terms">Terms</a> <a href="/privacy">Privacy</a></p></footer></body></html>`;
}
