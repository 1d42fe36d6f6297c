/** Which failed loads make a dead page (lib/lost/dead-load.ts, issue #7). */
import { describe, expect, it } from 'vitest';
import { reasonWords } from '../../words/lost';
import { deadLoadStatus, isDeadLoad } from '../../lib/lost/dead-load';

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

describe('deadLoadStatus', () => {
  it('names the failure as a status key the popup puts in words', () => {
    expect(deadLoadStatus({ kind: 'http', status: 500 })).toBe('http-500');
    expect(reasonWords(deadLoadStatus({ kind: 'http', status: 500 }))).toBe('the site answered 500');
    expect(reasonWords(deadLoadStatus({ kind: 'gone', status: 410 }))).toBe('the site answered 410 (gone)');
    expect(reasonWords(deadLoadStatus({ kind: 'gone' }))).toBe('the site answered 404/410 (gone)');
    expect(reasonWords(deadLoadStatus({ kind: 'dns' }))).toBe("the site's name no longer resolves");
    expect(reasonWords(deadLoadStatus({ kind: 'tls' }))).toMatch(/secure connection failed/);
  });
});
