/**
 * The small subset of Markdown PRIVACY.md is written in, parsed to plain data for the privacy page
 * (entrypoints/privacy), so the page shows that file itself and cannot drift from it. Blocks: `#`/`##`
 * headings, paragraphs, `- ` lists (one level, continuation lines indented); inline: `**bold**`,
 * `` `code` `` and `[text](https://…)`. Everything else stays text: the page sets it as text, never
 * as markup. test/unit/privacy-page.test.ts checks PRIVACY.md uses nothing beyond this.
 */
export type Inline = { kind: 'text' | 'strong' | 'code'; text: string } | { kind: 'link'; text: string; href: string };
export type Block = { kind: 'h1' | 'h2' | 'p'; content: Inline[] } | { kind: 'ul'; items: Inline[][] };

// One of: **bold**, `code`, [text](http(s) URL). A link to anything but http(s) stays text.
const INLINE = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;

export function parseInline(s: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of s.matchAll(INLINE)) {
    if (m.index > last) out.push({ kind: 'text', text: s.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ kind: 'strong', text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: 'code', text: m[2] });
    else out.push({ kind: 'link', text: m[3], href: m[4] });
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push({ kind: 'text', text: s.slice(last) });
  return out;
}

export function parseMarkdown(md: string): Block[] {
  const blocks: Block[] = [];
  // Lines of the block being read: a paragraph's, or the current list item's.
  let para: string[] = [];
  let items: string[][] | undefined;
  const flush = () => {
    if (items) blocks.push({ kind: 'ul', items: items.map((it) => parseInline(it.join(' '))) });
    else if (para.length) blocks.push({ kind: 'p', content: parseInline(para.join(' ')) });
    para = [];
    items = undefined;
  };
  for (const raw of md.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const heading = /^(#{1,2}) +(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: heading[1].length === 1 ? 'h1' : 'h2', content: parseInline(heading[2]) });
    } else if (line === '') {
      flush();
    } else if (line.startsWith('- ')) {
      if (!items) flush();
      (items ??= []).push([line.slice(2).trim()]);
    } else if (items && /^\s/.test(line)) {
      items[items.length - 1].push(line.trim());
    } else {
      if (items) flush();
      para.push(line.trim());
    }
  }
  flush();
  return blocks;
}
