/**
 * Issue #14: markup of any kind is read as markup. One rule per test, on fixtures written here:
 * which documents are XML (decided by content), and what the tag-stripping canonical form keeps of them.
 */
import { describe, expect, it } from 'vitest';
import { canonicalSource, looksLikeMarkup, looksLikeXml, markupKind, resemblance, sketch, tokens } from '../../lib/index';

const words = (doc: string) => tokens(canonicalSource(doc));

/** Original prose for these tests: three short paragraphs. */
const PARAS = [
  'The ferry left the harbour at dawn with seven passengers and a crate of oranges bound for the island school.',
  'By noon the wind had turned, and the captain steered north of the reef where the water stays calm in every season.',
  'The oranges arrived bruised but whole, and the children ate them on the harbour wall while the ferry turned for home.',
];
const PLAIN = PARAS.join('\n\n');

describe('XML is recognized by content', () => {
  it('an XML declaration makes a document XML, whatever its element names', () => {
    const doc = `<?xml version="1.0" encoding="UTF-8"?>\n<log><entry>${PARAS[0]}</entry></log>`;
    expect(looksLikeXml(doc)).toBe(true);
    expect(markupKind(doc)).toBe('xml');
    expect(looksLikeXml(`\ufeff<?xml version='1.0'?><a/>`)).toBe(true);
    // XHTML stays HTML: the HTML rules come first.
    expect(markupKind('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>')).toBe('html');
  });

  it('a root element whose end tag ends the document makes it XML (after comments, PIs and a doctype)', () => {
    const doc = `<!-- generated -->\n<?render mode="plain"?>\n<!DOCTYPE story [ <!ENTITY who "us"> ]>\n<story id="s1">\n${PARAS[0]}\n</story>\n<!-- end -->\n`;
    expect(looksLikeXml(doc)).toBe(true);
    // Different names at both ends: not one root element (and too little inside tags to be a fragment).
    expect(looksLikeXml(`<intro>${PARAS[0]}</intro> ${PARAS[1]} <outro>${PARAS[2]}</outro>`)).toBe(false);
  });

  it('a fragment with most of its start inside tags is XML; prose with a few tags or placeholders is not', () => {
    const rows = PARAS.map((p, i) => `<row n="${i}"><cell kind="text">${p.slice(0, 30)}</cell><cell kind="n">${i}</cell></row>`);
    expect(looksLikeXml(`${rows.join('\n')}\ntrailing words`)).toBe(true);
    expect(looksLikeMarkup('Copyright (c) <year> <copyright holders>\n\nPermission is hereby granted, free of charge.')).toBe(false);
    expect(looksLikeMarkup(`Write to <jo@example.org> or see <https://example.org/>.\n\n${PLAIN}`)).toBe(false);
    expect(looksLikeMarkup(`In XML, <b>bold</b> and <i>italic</i> are written so; <tt>x</tt> too.\n\n${PLAIN}`)).toBe(false);
    expect(looksLikeMarkup(PLAIN)).toBe(false);
  });
});

describe('XML read as text', () => {
  it('custom, namespaced and self-closing elements are not words and break words; inline ones do not', () => {
    const doc = `<?xml version="1.0"?><tei:TEI xmlns:tei="urn:x"><tei:p>ferry<tei:lb/>harbour</tei:p><tei:p>dawn</tei:p><note_x>re<emphasis>sem</emphasis>ble<hi rend="i">d</hi></note_x></tei:TEI>`;
    expect(words(doc)).toEqual(['ferry', 'harbour', 'dawn', 'resembled']);
  });

  it('block boundaries are word boundaries: <p>a</p><p>b</p> does not glue', () => {
    expect(words('<?xml version="1.0"?><text><p>sea</p><p>wall</p><para>stone</para><item>path</item></text>')).toEqual(['sea', 'wall', 'stone', 'path']);
  });

  it('attribute values are never text, even regular expressions holding ">" and quotes', () => {
    const doc = `<?xml version="1.0"?><license id="MIT" pattern='^(?:a|"b")>c$' match="(19|20)\\d{2}(?=[^&lt;>&quot;])"><alt name="year" match=".+">2024</alt> ferry</license>`;
    expect(words(doc)).toEqual(['2024', 'ferry']);
  });

  it('CDATA is text as written: markup and entities inside it are kept literally', () => {
    const doc = '<?xml version="1.0"?><doc><p><![CDATA[fish & <chips> &amp; peas]]></p><p>after</p></doc>';
    expect(canonicalSource(doc)).toContain('fish & <chips> &amp; peas');
    expect(words(doc)).toEqual(['fish', 'chips', 'amp', 'peas', 'after']);
    // Read as markup on request too: a '>' inside CDATA does not end it.
    expect(tokens(canonicalSource('<p><![CDATA[a > b]]></p>', 'html'))).toEqual(['a', 'b']);
  });

  it('processing instructions, doctypes (with internal subsets) and comments are not text', () => {
    const doc = `<?xml version="1.0"?>
<?xml-stylesheet href="a.xsl?x=1>2" note="pi words"?>
<!DOCTYPE doc PUBLIC "-//X//DTD Doc//EN" "doc.dtd" [
  <!ENTITY who "subset words">
  <!ELEMENT doc (#PCDATA|p)*>
  <!-- don't read ] or > here -->
]>
<doc><!-- comment words --><p>kept<?pi if a>b then words?> too</p></doc>`;
    expect(words(doc)).toEqual(['kept', 'too']);
    // A processing instruction ends at '?>', not at a '>' inside it.
    expect(tokens(canonicalSource('<p>kept<?php if ($a > $b) echo "x"; ?> too</p>', 'html'))).toEqual(['kept', 'too']);
    // With no '?>' left, at '>' as HTML ends its bogus "<?…>".
    expect(tokens(canonicalSource('<p>kept<?bogus>too</p>', 'html'))).toEqual(['kept', 'too']);
  });

  it('entities are decoded: the XML five and character references', () => {
    expect(words('<?xml version="1.0"?><d><p>caf&#xe9; &amp; cr&#232;me &lt;b&gt; &quot;x&quot; it&apos;s</p></d>')).toEqual([
      'café',
      'crème',
      'b',
      'x',
      'it',
      's',
    ]);
  });

  it('an XML rendering and the plain text have the same words and resemblance 1', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE article PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" "docbookx.dtd">
<article xmlns="http://docbook.org/ns/docbook" version="5.0"><section xml:id="s1">
${PARAS.map((p, i) => (i === 1 ? `<para><![CDATA[${p}]]></para>` : `<para role="body">${p}</para>`)).join('\n')}
</section></article>`;
    expect(words(xml)).toEqual(tokens(PLAIN));
    expect(resemblance(sketch(xml), sketch(PLAIN))).toBe(1);
  });
});
