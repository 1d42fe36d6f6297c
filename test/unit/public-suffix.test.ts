/**
 * Issue #38, "a public suffix as a site": three synced verdict rows ["t","com",1], org, co.uk (50 bytes)
 * marked every ordinary .com, .org and .co.uk result, and "com" could not be undone. Sites are registrable
 * domains (the Public Suffix List, through tldts) wherever a verdict comes from; a public suffix is never
 * matched; a stored name that is not a site is listed so that it can be removed.
 */
import { describe, expect, it } from 'vitest';
import { judgeSites } from '../../lib/copycat/copycat';
import { suffixes } from '../../lib/copycat/listed';
import { copycatFlag } from '../../lib/copycat/marks';
import { parseSiteList } from '../../lib/copycat/ruleset';
import { isSite } from '../../lib/copycat/site';
import { copycatTable } from '../../lib/copycat/table';
import { decode, encode } from '../../lib/sync/encode';
import { choicesIn } from '../../entrypoints/background/sync/local-choices';

const RULE = { minOriginals: 3, minSites: 2, isSite };
const SUFFIXES = ['com', 'org', 'co.uk', 'github.io', 'uk'];
const RESULTS = ['some-news.com', 'en.wikipedia.org', 'docs.python.org', 'www.bbc.co.uk', 'someone.github.io'];

describe('a public suffix is never a site', () => {
  it('isSite: registrable domains only', () => {
    for (const s of SUFFIXES) expect(isSite(s), s).toBe(false);
    for (const s of ['example.com', 'bbc.co.uk', 'someone.github.io']) expect(isSite(s), s).toBe(true);
    expect(isSite('www.example.com'), 'a host below a site').toBe(false);
  });

  it('synced verdict rows for public suffixes are dropped; a site beside them is kept', () => {
    const rows = [...SUFFIXES, 'www.copycat.example', 'copycat.example'].map((site, i) => [(1_700_000_000_000 + i).toString(36), site, 1]);
    const entries = decode({ 'c:v:0': { v: 1, r: rows } });
    expect(entries.map((e) => ('site' in e ? e.site : ''))).toEqual(['copycat.example']);
  });

  it('stored words on names that are not sites: never flagged, listed with notSite so that they can be removed, and never sent to sync', () => {
    const user = { marked: [...SUFFIXES, 'copycat.example'], notCopycat: [] };
    const verdicts = judgeSites([], user, [], RULE);
    for (const s of SUFFIXES) expect(verdicts.get(s), s).toMatchObject({ site: s, user: 'marked', notSite: true, flagged: false, hide: false });
    expect(verdicts.get('copycat.example')).toMatchObject({ flagged: 'marked' });
    expect(verdicts.get('copycat.example')).not.toHaveProperty('notSite');
    const { table } = copycatTable({ evidence: [], user, lists: [] }, RULE);
    expect(Object.keys(table)).toEqual(['copycat.example']);
    const local = choicesIn({ 'copycat:user': user }, 1);
    expect(local.choices.map((c) => ('site' in c ? c.site : ''))).toEqual(['copycat.example']);
  });

  it('a results page never matches a single label, even from a stale table', () => {
    expect([...suffixes('www.bbc.co.uk')]).toEqual(['www.bbc.co.uk', 'bbc.co.uk', 'co.uk']);
    expect([...suffixes('localhost')]).toEqual([]);
    const stale = { table: { com: { label: 'copycat', detail: '' }, org: { label: 'copycat', detail: '' } }, lists: [], unlisted: [] };
    for (const host of RESULTS) expect(copycatFlag(host, stale), host).toBeUndefined();
  });

  it('imports and subscriptions refuse a public suffix line, with the reason', () => {
    const parsed = parseSiteList('*://*.com/*\n*://*.co.uk/*\n*://copycat.example/*\n');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.sites).toEqual(['copycat.example']);
    expect(parsed.bad.map((b) => b.code)).toEqual(['not-site', 'not-site']);
  });

  it('encode never writes what decode would drop', () => {
    const e = encode([{ kind: 'verdict', site: 'copycat.example', verdict: 'marked', at: 1 }]);
    expect(decode(e.items)).toHaveLength(1);
  });
});
