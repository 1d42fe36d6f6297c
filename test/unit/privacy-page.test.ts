import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Block, type Inline, parseInline, parseMarkdown } from '../../page-support/markdown';

const policy = readFileSync(new URL('../../PRIVACY.md', import.meta.url), 'utf8');
const runs = (b: Block): Inline[] => (b.kind === 'ul' ? b.items.flat() : b.content);

describe('the privacy page (PRIVACY.md through page-support/markdown)', () => {
  it('reads PRIVACY.md whole: one title, its sections, and no Markdown left over as text', () => {
    const blocks = parseMarkdown(policy);
    expect(blocks.filter((b) => b.kind === 'h1')).toHaveLength(1);
    expect(blocks.filter((b) => b.kind === 'h2').length).toBeGreaterThanOrEqual(4);
    const text = blocks
      .flatMap(runs)
      .map((r) => r.text)
      .join('\n');
    // Syntax the parser does not know would show as-is: PRIVACY.md must stay inside its subset.
    expect(text).not.toMatch(/\*\*|`|\]\(|^#|^\s*[*+] |^\s*\d+\. |<[a-z]/m);
    // Every word of the file is on the page.
    const words = (s: string) =>
      s
        .replace(/[*`#[\]()-]/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
    expect(words(text)).toBe(words(policy));
  });

  it('parses its inline subset; anything else stays text', () => {
    expect(parseInline('a **b** `c` [d](https://e.org/f) g')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'strong', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'link', text: 'd', href: 'https://e.org/f' },
      { kind: 'text', text: ' g' },
    ]);
    // Only http(s) links become links; markup is text.
    expect(parseInline('[x](javascript:alert(1)) <b>y</b>')).toEqual([{ kind: 'text', text: '[x](javascript:alert(1)) <b>y</b>' }]);
  });

  it('joins wrapped lines and list continuations', () => {
    expect(parseMarkdown('# T\n\none\ntwo\n\n- a\n  b\n- c\nafter')).toEqual([
      { kind: 'h1', content: [{ kind: 'text', text: 'T' }] },
      { kind: 'p', content: [{ kind: 'text', text: 'one two' }] },
      { kind: 'ul', items: [[{ kind: 'text', text: 'a b' }], [{ kind: 'text', text: 'c' }]] },
      { kind: 'p', content: [{ kind: 'text', text: 'after' }] },
    ]);
  });
});
