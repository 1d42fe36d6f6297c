/** Internet Archive lookups for a dead page (lib/lost/archive.ts, issue #7). */
import { describe, expect, it } from 'vitest';
import { archivedCopyUsable, availabilityUrl, parseAvailability, parseWaybackTimestamp, rawSnapshotUrl, waybackTimestamp } from '../../lib/lost/archive';
import { proseText } from './helpers/prose';

/** The availability API's answer as documented (https://archive.org/help/wayback_api.php). */
const ANSWER = {
  url: 'example.com',
  archived_snapshots: {
    closest: { status: '200', available: true, url: 'http://web.archive.org/web/20130919044612/http://example.com/', timestamp: '20130919044612' },
  },
};
const withClosest = (patch: Record<string, unknown>) => ({ ...ANSWER, archived_snapshots: { closest: { ...ANSWER.archived_snapshots.closest, ...patch } } });

describe('availabilityUrl', () => {
  it('encodes the URL, and asks for the snapshot nearest a time when given one', () => {
    expect(availabilityUrl('https://ex.com/a b?x=1&y=2#f')).toBe('https://archive.org/wayback/available?url=https%3A%2F%2Fex.com%2Fa%20b%3Fx%3D1%26y%3D2%23f');
    expect(availabilityUrl('https://ex.com/', Date.UTC(2020, 0, 2, 3, 4, 5))).toBe(
      'https://archive.org/wayback/available?url=https%3A%2F%2Fex.com%2F&timestamp=20200102030405',
    );
    expect(availabilityUrl('https://ex.com/', Number.NaN)).toBe('https://archive.org/wayback/available?url=https%3A%2F%2Fex.com%2F');
  });
});

describe('Wayback timestamps', () => {
  it('round-trip, and refuse impossible dates', () => {
    expect(waybackTimestamp(Date.UTC(1999, 11, 31, 23, 59, 58))).toBe('19991231235958');
    expect(parseWaybackTimestamp('19991231235958')).toBe(Date.UTC(1999, 11, 31, 23, 59, 58));
    for (const bad of ['20200231000000', '20201301000000', '2020010100000', '2020010100000x', '20200101250000'])
      expect(parseWaybackTimestamp(bad)).toBeUndefined();
  });
});

describe('parseAvailability', () => {
  it('reads the closest snapshot, upgraded to https', () => {
    expect(parseAvailability(ANSWER)).toEqual({
      url: 'https://web.archive.org/web/20130919044612/http://example.com/',
      timestamp: Date.UTC(2013, 8, 19, 4, 46, 12),
    });
    const q = withClosest({ url: 'https://web.archive.org/web/20130919044612/https://ex.com/a?b=1&c=2' });
    expect(parseAvailability(q)?.url).toBe('https://web.archive.org/web/20130919044612/https://ex.com/a?b=1&c=2');
  });

  it.each([
    ['no snapshot', { url: 'example.com', archived_snapshots: {} }],
    ['not available', withClosest({ available: false })],
    ['available as a string', withClosest({ available: 'true' })],
    ['an archived redirect', withClosest({ status: '302' })],
    ['a numeric status', withClosest({ status: 200 })],
    ['another host', withClosest({ url: 'http://evil.example/web/20130919044612/http://example.com/' })],
    ['a look-alike host', withClosest({ url: 'http://web.archive.org.evil.example/web/20130919044612/http://example.com/' })],
    ['a script URL', withClosest({ url: 'javascript:alert(1)' })],
    ['not a snapshot path', withClosest({ url: 'http://web.archive.org/save/http://example.com/' })],
    ['an original that is not http(s)', withClosest({ url: 'http://web.archive.org/web/20130919044612/ftp://example.com/' })],
    ['a bad timestamp', withClosest({ timestamp: '2013091904461' })],
    ['an impossible timestamp', withClosest({ timestamp: '20130231044612' })],
    ['a closest that is an array', { archived_snapshots: { closest: [] } }],
    ['null', null],
    ['a string', '{"archived_snapshots":{}}'],
  ])('%s: undefined', (_, json) => {
    expect(parseAvailability(json)).toBeUndefined();
  });
});

describe('rawSnapshotUrl', () => {
  it('turns a snapshot URL into its id_ form', () => {
    expect(rawSnapshotUrl('https://web.archive.org/web/20200101000000/http://x')).toBe('https://web.archive.org/web/20200101000000id_/http://x');
    expect(rawSnapshotUrl('http://web.archive.org/web/20200101000000/https://x.com/a?b=1&c=%20')).toBe(
      'https://web.archive.org/web/20200101000000id_/https://x.com/a?b=1&c=%20',
    );
    // Other flags (im_, js_, if_) are replaced; the id_ form is kept.
    expect(rawSnapshotUrl('https://web.archive.org/web/20200101000000im_/http://x/a.png')).toBe('https://web.archive.org/web/20200101000000id_/http://x/a.png');
    expect(rawSnapshotUrl('https://web.archive.org/web/20200101000000id_/http://x')).toBe('https://web.archive.org/web/20200101000000id_/http://x');
  });

  it('leaves anything else unchanged', () => {
    for (const u of ['https://example.com/web/20200101000000/http://x', 'https://web.archive.org/', 'not a url']) expect(rawSnapshotUrl(u)).toBe(u);
  });

  it('makes every URL parseAvailability accepts raw', () => {
    const snap = parseAvailability(ANSWER)!;
    expect(rawSnapshotUrl(snap.url)).toBe('https://web.archive.org/web/20130919044612id_/http://example.com/');
  });
});

describe('archivedCopyUsable', () => {
  it('rejects an archived error page and the archive\'s own "not archived" page', () => {
    expect(archivedCopyUsable({ title: '404 Not Found', text: '404 Not Found\nnginx' })).toBe(false);
    expect(archivedCopyUsable({ title: 'Wayback Machine', text: 'Hrm. The Wayback Machine has not archived that URL.' })).toBe(false);
    expect(archivedCopyUsable({ title: 'A story', text: proseText(4, 300) })).toBe(true);
  });
});
