/**
 * XML renderings of plain texts, made by code for issue #14 (markup of any kind is read as markup):
 * the same words wrapped in four schema-like vocabularies, so a text and its rendering should group.
 * Each wrapper exercises what the canonical form must handle: an XML declaration (or none: TEI starts at
 * its root), doctypes with an internal subset, processing instructions, comments, namespaces, custom
 * element names, self-closing elements between lines, attributes holding regular expressions with
 * '<', '>' and quotes, CDATA sections and character references. The wrappers add only a few words of
 * their own (a title, a short note), as real ones do; everything else they add is markup.
 *
 * No vitest import: scripts may use it too.
 */

export type Wrapper = 'spdx' | 'docbook' | 'tei' | 'jats';
export const WRAPPERS: readonly Wrapper[] = ['spdx', 'docbook', 'tei', 'jats'];

/** Escapes text content ('&', '<', '>'); `numeric` also writes non-ASCII as character references. */
function esc(s: string, numeric = false): string {
  const e = s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return numeric ? e.replace(/[^\x00-\x7f]/gu, (c) => `&#x${c.codePointAt(0)!.toString(16)};`) : e;
}

/** Paragraphs: runs of non-blank lines (line breaks inside a paragraph kept). */
export function paragraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.split('\n').filter((l) => l.trim() !== ''))
    .filter((p) => p.length > 0);
}

/** A year inside a paragraph, as SPDX marks replaceable text: an <alt> whose regex has '<', '>' and quotes. */
const altYear = (p: string) => p.replace(/\b(19|20)\d\d\b/, (y) => `<alt name="year" match="(?:19|20)\\d{2}(?:-\\d{4})?(?=[^&lt;&gt;&quot;]|$)">${y}</alt>`);

function spdx(id: string, paras: string[][]): string {
  const body = paras.map((lines, i) => {
    const p = altYear(esc(lines.join('\n')));
    if (i === 0) return `<titleText><p>${p}</p></titleText>`;
    if (/copyright/i.test(p)) return `<copyrightText><p>${p}</p></copyrightText>`;
    const bullet = /^\s*(\(?[0-9a-z]{1,2}[.)])\s/.exec(p);
    return bullet ? `<list><item><bullet>${bullet[1]}</bullet>${p.slice(bullet[0].length)}</item></list>` : `<p>${p}</p>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<SPDXLicenseCollection xmlns="http://www.spdx.org/license">
  <license isOsiApproved="true" licenseId="${esc(id)}" name="${esc(id)} License" listVersionAdded="1.0"
           pattern="^(?:&lt;p&gt;)?[A-Z].{0,80}$">
    <crossRefs><crossRef>https://spdx.org/licenses/${esc(id)}.html</crossRef></crossRefs>
    <notes>${esc(id)}</notes>
    <text>${body.join('\n')}</text>
  </license>
</SPDXLicenseCollection>
`;
}

function docbook(id: string, paras: string[][]): string {
  return `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<?xml-stylesheet type="text/xsl" href="docbook.xsl?a=1&amp;b=2>3"?>
<!DOCTYPE article PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" "http://www.oasis-open.org/docbook/xml/4.5/docbookx.dtd" [
  <!ENTITY product "licence">
  <!ELEMENT remark (#PCDATA)>
  <!ATTLIST para role CDATA #IMPLIED>
]>
<article xmlns="http://docbook.org/ns/docbook" xmlns:xl="http://www.w3.org/1999/xlink" version="5.0" xml:lang="en">
  <info><title>${esc(id)}</title><!-- rendered for testing: <para>not text</para> --></info>
  <section xml:id="s-${esc(id)}">
${paras.map((lines, i) => `    <para role="p${i}"><?dbfo keep-together="always"?>${esc(lines.join('\n'), true)}</para>`).join('\n')}
  </section>
</article>
`;
}

function tei(id: string, paras: string[][]): string {
  return `<TEI xmlns="http://www.tei-c.org/ns/1.0" xmlns:xi="http://www.w3.org/2001/XInclude">
  <teiHeader><fileDesc><titleStmt><title type="main">${esc(id)}</title></titleStmt>
    <publicationStmt><availability status="free"/></publicationStmt>
    <sourceDesc><bibl ref="#${esc(id)}" n="1"/></sourceDesc></fileDesc></teiHeader>
  <text><body><div type="licence" n="1">
${paras.map((lines) => `<p rend="indent">${lines.map((l) => esc(l)).join('<lb/>')}</p>`).join('')}
  </div></body></text>
</TEI>`;
}

function jats(id: string, paras: string[][]): string {
  // Every third paragraph as CDATA: raw '&' and '<' as text, no entities decoded inside.
  const para = (lines: string[], i: number) =>
    i % 3 === 2 && !lines.join('\n').includes(']]>') ? `<p><![CDATA[${lines.join('\n')}]]></p>` : `<p>${esc(lines.join('\n'))}</p>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE article PUBLIC "-//NLM//DTD JATS (Z39.96) Journal Publishing DTD v1.2 20190208//EN" "JATS-journalpublishing1.dtd">
<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:mml="http://www.w3.org/1998/Math/MathML" article-type="other" dtd-version="1.2">
<front><article-meta><article-id pub-id-type="other">${esc(id)}</article-id>
<permissions><license license-type="open-access" xlink:href="https://example.org/${esc(id)}"/></permissions>
</article-meta></front>
<body><sec id="sec-1" sec-type="licence">
${paras.map(para).join('\n')}
</sec></body>
<back><ref-list/></back>
</article>
`;
}

/** `text` rendered in `wrapper`, labelled `id` (a licence key or a file name: it appears as a title or note). */
export function renderXml(wrapper: Wrapper, id: string, text: string): string {
  const paras = paragraphs(text);
  if (wrapper === 'spdx') return spdx(id, paras);
  if (wrapper === 'docbook') return docbook(id, paras);
  if (wrapper === 'tei') return tei(id, paras);
  return jats(id, paras);
}
