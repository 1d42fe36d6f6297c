/** When a stored page may stand for the page instead of a new fetch (lib/store/fresh.ts, issue #6). */
import { describe, expect, it } from 'vitest';
import { PAGE_OPTIONS, sketchText } from '../../lib/index';
import { compactSketch, cutSketch } from '../../lib/store/compact';
import { isFresh } from '../../lib/store/fresh';
import type { PageRecord } from '../../lib/store/index';
import { proseText } from './helpers/prose';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);
const HOUR = 3_600_000;
const SETTINGS = { cacheMaxAgeDays: 30, recheckHours: 24, pageShingle: PAGE_OPTIONS.shingle, sketchSize: PAGE_OPTIONS.size };
const pageBytes = (opts = PAGE_OPTIONS) => compactSketch(cutSketch(sketchText(proseText(400, 7), opts)));
const rec = (r: Partial<PageRecord>): PageRecord => ({
  id: 1,
  url: 'https://a.example/',
  title: 't',
  firstSeen: NOW - 5 * DAY,
  lastSeen: NOW,
  keys: [],
  bytes: 0,
  ...r,
});

describe('isFresh', () => {
  it('a page sketch younger than the age limit, made with the current sizes, stands for the page', () => {
    expect(isFresh(rec({ fetchedAt: NOW - DAY, status: 'ok', page: pageBytes() }), SETTINGS, NOW)).toBe(true);
    expect(isFresh(rec({ fetchedAt: NOW - 31 * DAY, status: 'ok', page: pageBytes() }), SETTINGS, NOW), 'too old').toBe(false);
    expect(isFresh(rec({ status: 'ok', page: pageBytes() }), SETTINGS, NOW), 'never fetched').toBe(false);
    expect(isFresh(undefined, SETTINGS, NOW)).toBe(false);
  });

  it('a sketch made with another shingle or sketch size is fetched again (it cannot be compared with new ones)', () => {
    expect(isFresh(rec({ fetchedAt: NOW - DAY, status: 'ok', page: pageBytes({ ...PAGE_OPTIONS, shingle: 7 }) }), SETTINGS, NOW)).toBe(false);
    expect(isFresh(rec({ fetchedAt: NOW - DAY, status: 'ok', page: pageBytes({ ...PAGE_OPTIONS, size: 64 }) }), SETTINGS, NOW)).toBe(false);
    expect(isFresh(rec({ fetchedAt: NOW - DAY, status: 'ok', page: pageBytes({ ...PAGE_OPTIONS, shingle: 7 }) }), { ...SETTINGS, pageShingle: 7 }, NOW)).toBe(
      true,
    );
    expect(isFresh(rec({ fetchedAt: NOW - DAY, status: 'ok', page: new Uint8Array([1, 2, 3]) }), SETTINGS, NOW), 'unreadable bytes').toBe(false);
  });

  it('lasting failures are remembered; passing ones are tried again', () => {
    for (const status of ['gone', 'soft404', 'wrong-type', 'too-large', 'redirect', 'blocked', 'unreadable'])
      expect(isFresh(rec({ fetchedAt: NOW - DAY, status }), SETTINGS, NOW), status).toBe(true);
    for (const status of ['timeout', 'network', 'dns', 'http', 'cancelled', undefined])
      expect(isFresh(rec({ fetchedAt: NOW - DAY, status }), SETTINGS, NOW), String(status)).toBe(false);
  });

  it('a page read more than recheckHours ago is read again (issue #40); 0 reads it on every visit', () => {
    const read = (ago: number) => rec({ fetchedAt: NOW - ago, status: 'ok', page: pageBytes() });
    expect(isFresh(read(23 * HOUR), SETTINGS, NOW), 'within the default 24 hours').toBe(true);
    expect(isFresh(read(24 * HOUR), SETTINGS, NOW), 'exactly 24 hours: not more').toBe(true);
    expect(isFresh(read(24 * HOUR + 1), SETTINGS, NOW), 'just past 24 hours').toBe(false);
    expect(isFresh(read(3 * DAY), SETTINGS, NOW), 'days ago').toBe(false);
    expect(isFresh(read(3 * DAY), { ...SETTINGS, recheckHours: 720 }, NOW), 'within 720 hours').toBe(true);
    expect(isFresh(read(31 * DAY), { ...SETTINGS, recheckHours: 720 }, NOW), 'the age limit still rules').toBe(false);
    expect(isFresh(read(1), { ...SETTINGS, recheckHours: 0 }, NOW), '0: never fresh').toBe(false);
    expect(isFresh(read(0), { ...SETTINGS, recheckHours: 0 }, NOW), '0: not even read this instant').toBe(false);
  });

  it('lasting failures keep their rule (the age limit), whatever recheckHours says', () => {
    for (const recheckHours of [0, 1, 24]) {
      expect(isFresh(rec({ fetchedAt: NOW - 5 * DAY, status: 'gone' }), { ...SETTINGS, recheckHours }, NOW), String(recheckHours)).toBe(true);
      expect(isFresh(rec({ fetchedAt: NOW - 31 * DAY, status: 'gone' }), { ...SETTINGS, recheckHours }, NOW), String(recheckHours)).toBe(false);
    }
  });
});
