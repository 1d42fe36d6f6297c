/**
 * Issue #30's subscriptions read the uBlock Origin / AdGuard domain-only forms lists publish
 * (`||example.com^`, `! Title:`, `[Adblock Plus 2.0]`) besides uBlacklist rulesets and domains lists:
 * a whole-site rule is kept, any rule narrowed to a path, some requests or some pages is reported
 * with one of the existing codes and skipped.
 */
import { describe, expect, it } from 'vitest';
import { type BadLineCode, parseSiteList } from '../../lib/copycat/ruleset';
import { MAX_LIST_BYTES } from '../../lib/limits';

/** The one line's site, or its code. */
function one(line: string): string | BadLineCode {
  const r = parseSiteList(`${line}\nkeep.example\n`);
  if (!r.ok) throw new Error(r.error);
  return r.bad[0]?.code ?? r.sites.filter((s) => s !== 'keep.example')[0];
}

describe('adblock domain-only forms', () => {
  it.each([
    ['||clone-a.example^', 'clone-a.example'],
    ['||clone-a.example^$document', 'clone-a.example'],
    ['||clone-a.example^$doc', 'clone-a.example'],
    ['||clone-a.example^$all', 'clone-a.example'],
    ['||clone-a.example^$important', 'clone-a.example'],
    ['||clone-a.example^$document,popup', 'clone-a.example'],
    ['||clone-a.example^$all,important', 'clone-a.example'],
    ['||www.sub.clone-b.co.uk^', 'clone-b.co.uk'],
    ['||*.clone-c.example^', 'clone-c.example'],
    ['||CLONE-D.example^$DOCUMENT', 'clone-d.example'],
    ['clone-e.example^', 'clone-e.example'],
    ['clone-e.example^$document', 'clone-e.example'],
  ])('%s is the whole site %s', (line, site) => expect(one(line)).toBe(site));

  it.each<[string, BadLineCode]>([
    // Part of a site: a path, or `^|` (the root page only).
    ['||clone.example/ads^', 'path'],
    ['||clone.example^/x', 'path'],
    ['||clone.example^*', 'path'],
    ['||clone.example^|', 'path'],
    // Without `^` the rule also matches clone.example.evil.example: a wildcard after the host.
    ['||clone.example', 'wildcard'],
    ['||clone.*^', 'wildcard'],
    ['||clone.example:8080^', 'not-pattern'],
    // Options narrowing it to some requests or some pages.
    ['||clone.example^$script', 'condition'],
    ['||clone.example^$popup', 'condition'],
    ['||clone.example^$third-party', 'condition'],
    ['||clone.example^$3p', 'condition'],
    ['||clone.example^$~document', 'condition'],
    ['||clone.example^$document,domain=a.example|b.example', 'condition'],
    ['||clone.example^$denyallow=x.example', 'condition'],
    ['||clone.example^$client=127.0.0.1', 'condition'],
    ['||clone.example^$', 'condition'],
    ['clone.example^$image', 'condition'],
    // Exceptions, regexes, element hiding and scriptlets.
    ['@@||clone.example^', 'unblock'],
    ['@@||clone.example^$document', 'unblock'],
    ['/clone\\.(net|org)/$document', 'regex'],
    ['clone.example##.ad', 'not-pattern'],
    ['clone.example#@#.ad', 'not-pattern'],
    ['clone.example#?#div:has(.ad)', 'not-pattern'],
    ['clone.example#$#body { color: red }', 'not-pattern'],
    ['clone.example##+js(nobab)', 'not-pattern'],
    ['|https://clone.example/', 'condition'],
  ])('%s is not a whole site (%s)', (line, code) => expect(one(line)).toBe(code));

  it('a `host#fragment` or `user@host` line names no host (URL parsing would read one)', () => {
    expect(one('clone.example#x')).toBe('not-pattern');
    expect(one('u@clone.example')).toBe('not-pattern');
    expect(one('clone.example?x')).toBe('not-pattern');
  });
});

describe('an adblock list', () => {
  const list = [
    '[Adblock Plus 2.0]',
    '! Title: Copycat sites (adblock)',
    '! Description: sites that copy Stack Overflow and GitHub',
    '! Expires: 1 day',
    '! Homepage: https://lists.example/copycats',
    '!',
    '||clone-a.example^',
    '||www.clone-b.example^$document',
    '||clone-c.example^$all',
    '||clone-a.example^$important',
    '||tracker.example^$third-party',
    '||clone-d.example/questions^',
    '##.sponsored',
    'clone-e.example##.ad',
    '@@||good.example^',
    '/copy(cat|site)\\./',
    '# a hosts-style comment',
    '||github.io^',
    '',
  ].join('\r\n');

  it('keeps the whole sites, names the list by its Title, reports each other rule with its line', () => {
    const r = parseSiteList(list);
    expect(r).toMatchObject({ ok: true, name: 'Copycat sites (adblock)', format: 'adblock' });
    if (!r.ok) return;
    expect(r.sites).toEqual(['clone-a.example', 'clone-b.example', 'clone-c.example']);
    expect(r.bad.map((b) => [b.line, b.code])).toEqual([
      [11, 'condition'],
      [12, 'path'],
      [13, 'not-pattern'],
      [14, 'not-pattern'],
      [15, 'unblock'],
      [16, 'regex'],
      [18, 'not-site'],
    ]);
    expect(r.bad[0]).toEqual({
      line: 11,
      text: '||tracker.example^$third-party',
      code: 'condition',
      reason: 'an expression or a rule with a condition, not a whole site',
    });
  });

  it('a front matter name wins over a Title; the first Title wins over later ones', () => {
    expect(parseSiteList(`---\nname: Mine\n---\n! Title: Theirs\n||a.example^\n`)).toMatchObject({ ok: true, name: 'Mine', format: 'ublacklist' });
    expect(parseSiteList('! Title: One\n! Title: Two\n||a.example^\n')).toMatchObject({ name: 'One' });
    expect(parseSiteList('! Title:   \n||a.example^\n')).toEqual({ ok: true, format: 'adblock', sites: ['a.example'], bad: [] });
    expect(parseSiteList(`! Title: ${'x'.repeat(300)}\n||a.example^\n`)).toMatchObject({ name: 'x'.repeat(100) });
  });

  it('without a Title has no name; `!` comments and the header alone are no rules', () => {
    expect(parseSiteList('! just a comment\n||a.example^\n')).toEqual({ ok: true, format: 'adblock', sites: ['a.example'], bad: [] });
    expect(parseSiteList('[Adblock Plus 2.0]\n! Title: Empty\n!\n')).toMatchObject({ ok: false, code: 'no-rules' });
    expect(parseSiteList('[uBlock Origin]\n||a.example^$script\n##.ad\n')).toMatchObject({ ok: false, code: 'no-site', bad: [{ line: 2 }, { line: 3 }] });
  });

  it('mixed with uBlacklist patterns and plain domains, reads every whole site', () => {
    const r = parseSiteList('*://*.a.example/*\nb.example\n||c.example^\n');
    expect(r).toEqual({ ok: true, format: 'ublacklist', sites: ['a.example', 'b.example', 'c.example'], bad: [] });
    expect(parseSiteList('b.example\n||c.example^\n')).toMatchObject({ format: 'adblock' });
  });

  it('outside an adblock list a line opening `##` stays a comment, as before', () => {
    expect(parseSiteList('## Section\n##.x\na.example\n')).toEqual({ ok: true, format: 'domains', sites: ['a.example'], bad: [] });
  });
});

describe('bounds', () => {
  it('a list over the size limit is refused before any line is read', () => {
    const rules = '||a.example^\n'.repeat(Math.ceil(MAX_LIST_BYTES / 13) + 1);
    expect(rules.length).toBeGreaterThan(MAX_LIST_BYTES);
    expect(parseSiteList(rules)).toMatchObject({ ok: false, code: 'too-large', bad: [] });
  });

  it('a rule line over the line limit is reported too long, a long `!` comment is skipped', () => {
    const long = `||${'a'.repeat(1000)}.example^`;
    const r = parseSiteList(`! ${'c'.repeat(5000)}\n${long}\n||b.example^\n`);
    expect(r).toMatchObject({ ok: true, sites: ['b.example'], bad: [{ line: 2, code: 'too-long', text: `${long.slice(0, 80)}…` }] });
  });

  it('a list just under the limit is read whole', () => {
    const n = Math.floor((MAX_LIST_BYTES - 40) / 24);
    const lines = Array.from({ length: n }, (_, i) => `||s${String(i).padStart(6, '0')}.example^$doc`);
    const text = `! Title: Big\n${lines.join('\n')}\n`;
    expect(text.length).toBeLessThanOrEqual(MAX_LIST_BYTES);
    const r = parseSiteList(text);
    expect(r).toMatchObject({ ok: true, name: 'Big', format: 'adblock', bad: [] });
    if (r.ok) expect(r.sites.length).toBe(n);
  });
});
