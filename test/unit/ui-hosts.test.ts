import { describe, expect, it } from 'vitest';
import { formatKB, engineName } from '../../page-support/format';
import { addHost, hostErrorWords } from '../../page-support/hosts';
import { HOST_ERRORS, type HostErrorCode, parseHost } from '../../lib/url/host';
import { pct } from '../../shared/i18n';
import { useLocale } from './helpers/i18n';
import { humanizeCheckError, parseNumber, patchProblem } from '../../page-support/patch-check';
import { hostOrigin } from '../../page-support/permissions';

describe('ui: SearXNG host input', () => {
  it('accepts a hostname or host:port, lower-cased, punycode for IDN', () => {
    expect(parseHost(' Searx.Example.org ')).toEqual({ ok: true, host: 'searx.example.org' });
    expect(parseHost('searx.example.org:8443')).toEqual({ ok: true, host: 'searx.example.org:8443' });
    expect(parseHost('searx.example.org:443')).toEqual({ ok: true, host: 'searx.example.org' });
    expect(parseHost('localhost:8888')).toEqual({ ok: true, host: 'localhost:8888' });
    expect(parseHost('192.168.1.20')).toEqual({ ok: true, host: '192.168.1.20' });
    expect(parseHost('bücher.example')).toEqual({ ok: true, host: 'xn--bcher-kva.example' });
  });

  it('refuses schemes, paths, users, wildcards, bad ports and bad names', () => {
    for (const bad of [
      '',
      'https://searx.be',
      'searx.be/search',
      'searx.be?q=1',
      'user@searx.be',
      '*.searx.be',
      'searx.be:0',
      'searx.be:70000',
      'searx.be:http',
      'sea rx.be',
      '-searx.be',
      'searx..be',
      'searx_be.org',
      '[::1]',
      '1.2.3.4.5',
      `${'a'.repeat(64)}.org`,
    ]) {
      expect(parseHost(bad), bad).toMatchObject({ ok: false });
    }
  });

  it("says each refusal in the UI language: lib's words in English, its own in German", () => {
    const codes = ['', 'https://searx.be', 'searx.be/search', 'sea rx.be', 'searx.be:http', 'searx.be:0', '1.2.3.4.5', 'searx_be.org'].map((bad) => {
      const r = parseHost(bad);
      if (r.ok) throw new Error(bad);
      expect(hostErrorWords(r)).toBe(r.error);
      return r.code;
    });
    expect(codes).toEqual(['empty', 'scheme', 'path', 'chars', 'form', 'port', 'invalid', 'labels']);
    useLocale('de');
    try {
      const words = (Object.keys(HOST_ERRORS) as HostErrorCode[]).map((code) => hostErrorWords({ code, error: HOST_ERRORS[code] }));
      expect(words.filter((w, i) => w === Object.values(HOST_ERRORS)[i])).toEqual([]);
      expect(hostErrorWords({ code: 'port', error: '' })).toBe('Ein Port ist eine Zahl von 1 bis 65535.');
    } finally {
      useLocale('en');
    }
  });

  it('adds a host once', () => {
    expect(addHost(['a.org'], 'b.org')).toEqual(['a.org', 'b.org']);
    expect(addHost(['a.org'], 'a.org')).toEqual(['a.org']);
  });

  it('asks for the origin without the port (Firefox patterns cannot name one; Chrome matches every port)', () => {
    expect(hostOrigin('searx.example.org:8443')).toBe('https://searx.example.org/*');
    expect(hostOrigin('searx.example.org')).toBe('https://searx.example.org/*');
  });
});

describe('ui: checking settings input', () => {
  it('says the lib check in words, as a sentence', () => {
    expect(patchProblem({ cacheMaxMB: 0 })).toBe('Must be at least 1.');
    expect(patchProblem({ pageShingle: 12 })).toBe('Must be at most 10.');
    expect(patchProblem({ snippetShingle: 1.5 })).toBe('Must be a whole number.');
    expect(patchProblem({ cacheMaxMB: 20, resemblanceThreshold: 0.42 })).toBeUndefined();
    expect(humanizeCheckError('searxngHosts: more than 50 items')).toBe('At most 50 entries.');
    expect(humanizeCheckError('x: something new')).toBe('Something new.');
    useLocale('de');
    try {
      expect(patchProblem({ cacheMaxMB: 0 })).toBe('Muss mindestens 1 sein.');
      expect(patchProblem({ resemblanceThreshold: 1.5 })).toBe('Darf höchstens 0,95 sein.');
      expect(humanizeCheckError('x: below 0.05')).toBe('Muss mindestens 0,05 sein.');
    } finally {
      useLocale('en');
    }
  });

  it('reads only plain numbers from a field', () => {
    expect(parseNumber(' 42 ')).toBe(42);
    expect(parseNumber('0.5')).toBe(0.5);
    for (const bad of ['', 'abc', '1e3', '12px', '--1']) expect(parseNumber(bad), bad).toBeUndefined();
  });

  it('formats for people', () => {
    expect(formatKB(0)).toBe('0 KB');
    expect(formatKB(2560)).toBe('2.5 KB');
    expect(formatKB(61234)).toBe('60 KB');
    expect(formatKB(5 * 1024 * 1024)).toBe('5,120 KB');
    expect(pct(0.57)).toBe('57%');
    expect(engineName('duckduckgo')).toBe('DuckDuckGo');
    expect(engineName('someengine')).toBe('someengine');
  });
});
