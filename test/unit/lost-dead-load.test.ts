/** Which failed loads make a dead page (lib/lost/dead-load.ts, issue #7). */
import { describe, expect, it } from 'vitest';
import { deadLoadWords, isDeadLoad } from '../../lib/lost/dead-load';

describe('isDeadLoad', () => {
  it('navigation errors that say the page is not there: dead', () => {
    for (const kind of ['gone', 'dns', 'connection', 'tls', 'redirect']) expect(isDeadLoad({ kind }), kind).toBe(true);
  });

  it('statuses ≥ 400: dead, but for bot walls, busy servers and login walls', () => {
    for (const status of [400, 404, 410, 451, 500, 502, 504]) expect(isDeadLoad({ kind: 'http', status }), String(status)).toBe(true);
    for (const status of [401, 403, 407, 429, 503]) expect(isDeadLoad({ kind: 'http', status }), String(status)).toBe(false);
    for (const status of [undefined, 200, 304, 399, 600, Number.NaN]) expect(isDeadLoad({ kind: 'http', status }), String(status)).toBe(false);
  });

  it('a slow load, a blocked request, being offline, a cancel, or a page that loaded: not dead', () => {
    for (const kind of ['timeout', 'blocked', 'network', 'cancelled', 'too-large', 'wrong-type', 'ok', '']) expect(isDeadLoad({ kind }), kind).toBe(false);
  });
});

describe('deadLoadWords', () => {
  it('says what happened in words', () => {
    expect(deadLoadWords({ kind: 'http', status: 500 })).toBe('the site answered 500');
    expect(deadLoadWords({ kind: 'gone', status: 410 })).toBe('the site answered that the page is gone: 410');
    expect(deadLoadWords({ kind: 'gone' })).toBe('the site answered that the page is gone: 404 or 410');
    expect(deadLoadWords({ kind: 'dns' })).toBe("the site's name no longer resolves");
    expect(deadLoadWords({ kind: 'tls' })).toMatch(/secure connection failed/);
  });
});
