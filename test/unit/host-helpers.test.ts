/**
 * One host-of-an-address helper and one percent rule (issue #29): lib/url/host.ts answers "which host
 * is this URL on" for everyone, lib/group/describe's wholePercent is the rounding every page shows. The
 * source is scanned so that a private copy of either does not grow back beside them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { domainOf, hostOf, hostnameOf, withoutWww } from '../../lib/url/host';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

const SHIPPED = ['lib', 'entrypoints', 'components', 'page-support', 'shared', 'cli'].flatMap((d) => sources(join(ROOT, d)));

/** Each `pattern` in the shipped source, as "file: line", outside the files allowed to hold it. */
function found(pattern: RegExp, allowed: readonly string[]): string[] {
  return SHIPPED.flatMap((f) => {
    const rel = relative(ROOT, f);
    if (allowed.includes(rel)) return [];
    return readFileSync(f, 'utf8')
      .split('\n')
      .filter((line) => pattern.test(line))
      .map((line) => `${rel}: ${line.trim()}`);
  });
}

describe('lib/url/host: the host of an address', () => {
  it('hostnameOf: lower-case, punycode, no port; undefined for no address', () => {
    expect(hostnameOf('https://WWW.Example.org:8443/a?b')).toBe('www.example.org');
    expect(hostnameOf('https://bücher.example/')).toBe('xn--bcher-kva.example');
    expect(hostnameOf('not a url')).toBeUndefined();
  });

  it('hostOf keeps a port other than the default, as URL.host does (SearXNG instances are matched so)', () => {
    expect(hostOf('https://searx.example.org:8443/search?q=x')).toBe('searx.example.org:8443');
    expect(hostOf('https://searx.example.org:443/search')).toBe('searx.example.org');
    expect(hostOf('')).toBeUndefined();
  });

  it('withoutWww and domainOf name a site for lists; domainOf gives back what does not parse', () => {
    expect(withoutWww('www.example.com')).toBe('example.com');
    expect(withoutWww('wwwx.example.com')).toBe('wwwx.example.com');
    expect(withoutWww('a.www.example.com')).toBe('a.www.example.com');
    expect([domainOf('https://www.example.org/a'), domainOf('not a url')]).toEqual(['example.org', 'not a url']);
  });
});

describe('no private copies', () => {
  it('no other file defines a host-of-URL helper or strips "www." itself', () => {
    expect(found(/(?:function|const|let)\s+(?:hostOf|hostnameOf|domainOf)\b/, ['lib/url/host.ts'])).toEqual([]);
    expect(found(/\^www\\\./, ['lib/url/host.ts'])).toEqual([]);
  });

  it('percentages: the whole-percent rule once, its UI formatter once, the CLI tenths once', () => {
    // lib/copycat/marks.ts still words its marks in English with a percent of its own: left to the
    // copycat rewrite of issue #29, which owns that file (named here so that no other file joins it).
    const known = ['lib/copycat/marks.ts'];
    // A function named like a percent formatter, or the rounding `* 100)` spelled out again.
    const named = /(?:function|const)\s+\w*(?:percent|Percent|pct)\w*\s*[(=]/;
    expect(found(named, ['lib/group/describe.ts', 'shared/i18n.ts', 'cli/output.ts', ...known])).toEqual([]);
    expect(found(/Math\.round\(\w+ \* 100\)/, ['lib/group/describe.ts', ...known])).toEqual([]);
  });
});
