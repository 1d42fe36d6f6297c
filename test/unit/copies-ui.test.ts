/**
 * "Copies of this page" as the extension page shows it (issue #19): the words (words/copies.ts)
 * and the report view (components/copies-report.tsx), rendered in linkedom.
 */
import { h } from 'preact';
import { useLocale } from './helpers/i18n';
import { describe, expect, it, vi } from 'vitest';
import { mountIn } from './helpers/mount';
import { CopiesReportView } from '../../components/copies-report';
import { BOUNDS } from '../../lib/copies/find';
import { type CopiesReport, type PageCopy, newCopiesReport } from '../../lib/copies/report';
import { copiesProgress, copiesWork, copyDirections, parseCopiesRun } from '../../words/copies';

const copy = (over: Partial<PageCopy>): PageCopy => ({
  url: 'https://copy.example/a',
  title: 'A copy',
  resemblance: 0.874,
  pageInCopy: 0.92,
  copyInPage: 0.4,
  checkedAt: Date.UTC(2024, 2, 15, 12),
  ...over,
});
const report = (over: Partial<CopiesReport>): CopiesReport => ({ ...newCopiesReport('run-1', BOUNDS, 1), url: 'https://orig.example/p', ...over });

describe('copies of this page: words', () => {
  it('both directions, as the issue words them', () => {
    expect(copyDirections({ pageInCopy: 0.92, copyInPage: 0.4 })).toEqual(['contains 92% of this page', 'this page holds 40% of it']);
    // Never 100% for less than all, never 0% for something.
    expect(copyDirections({ pageInCopy: 0.999, copyInPage: 0.001 })).toEqual(['contains 99% of this page', 'this page holds 1% of it']);
  });

  it('progress: searches done of the bound, pages fetched of those chosen, and how it ended', () => {
    expect(copiesProgress(report({ state: 'searching', searches: { done: 2, max: 6, engines: [] } }))).toBe('Searching: 2 of 6 searches done…');
    expect(copiesProgress(report({ state: 'measuring', fetches: { done: 3, total: 14, max: 20 }, copies: [copy({})] }))).toBe(
      'Measuring: 3 of 14 pages fetched; 1 copy so far…',
    );
    expect(copiesProgress(report({ state: 'cancelled', done: true }))).toBe('Cancelled: 0 copies found before it stopped.');
    expect(copiesProgress(report({ state: 'failed', done: true, needsAccess: true }))).toBe('Stopped: Resemble needs access to sites to look for copies.');
    expect(copiesProgress(report({ state: 'failed', done: true, error: 'this page could not be read (gone)' }))).toBe(
      'Stopped: this page could not be read (gone).',
    );
    const unreadable = report({
      state: 'failed',
      done: true,
      error: 'this page could not be read (timeout)',
      failure: { code: 'unreadable', detail: 'timeout' },
    });
    expect(copiesProgress(unreadable)).toBe('Stopped: this page could not be read: no answer in time.');
    useLocale('de');
    try {
      expect(copiesProgress(report({ state: 'failed', done: true, error: 'the page’s address is not known', failure: { code: 'no-url' } }))).toBe(
        'Angehalten: die Adresse der Seite ist nicht bekannt.',
      );
      expect(copiesProgress(unreadable)).toMatch(/^Angehalten: diese Seite konnte nicht gelesen werden: /);
    } finally {
      useLocale('en');
    }
    expect(copiesProgress(report({ state: 'done', done: true, copies: [copy({}), copy({ url: 'https://b.example/' })] }))).toBe('Done: 2 copies found.');
    expect(copiesWork(report({ searches: { done: 3, max: 6, engines: ['Google', 'DuckDuckGo'] }, fetches: { done: 9, total: 9, max: 20 } }))).toBe(
      '3 searches of at most 6 (Google, then DuckDuckGo); 9 pages fetched of 9 candidates (at most 20).',
    );
  });

  it('the run named by the page’s address, or why there is none', () => {
    expect(parseCopiesRun('?run=abc-1')).toEqual({ ok: true, id: 'abc-1' });
    expect(parseCopiesRun('').ok).toBe(false);
    expect(parseCopiesRun(`?run=${'x'.repeat(65)}`).ok).toBe(false);
  });
});

describe('copies of this page: the report view', () => {
  it('lists the copies in the background’s order with their measures; titles as text; only http(s) linked; none without its measures', () => {
    const r = report({
      state: 'done',
      done: true,
      copies: [
        copy({ title: '<img src=x onerror="alert(1)">Copy one' }),
        copy({ url: 'javascript:alert(1)', title: 'Script', resemblance: 0.6 }),
        copy({ url: 'https://nan.example/', resemblance: Number.NaN }),
      ],
    });
    const { root } = mountIn(h(CopiesReportView, { report: r, locale: 'en-GB' }));
    const items = [...root.querySelectorAll('[data-testid="copies"] li')];
    expect(items.map((li) => li.getAttribute('data-url'))).toEqual(['https://copy.example/a', 'javascript:alert(1)']);
    expect(root.querySelector('img')).toBeNull();
    expect(items[0].querySelector('a')?.textContent).toBe('<img src=x onerror="alert(1)">Copy one');
    expect(items[0].querySelector('.page-in-copy')?.textContent).toBe('contains 92% of this page');
    expect(items[0].querySelector('.copy-in-page')?.textContent).toBe('this page holds 40% of it');
    expect(items[0].querySelector('.measures-text')?.textContent).toBe('87% alike');
    expect(items[1].querySelector('a'), 'a script address is never a link').toBeNull();
    expect(root.querySelector('[data-testid="progress"]')?.textContent).toBe('Done: 2 copies found.');
  });

  it('while running: progress and Cancel (no Search again); when ended: Search again', () => {
    const onCancel = vi.fn();
    const running = mountIn(
      h(CopiesReportView, { report: report({ state: 'measuring', fetches: { done: 1, total: 5, max: 20 } }), onCancel, onAgain: () => {} }),
    );
    const buttons = [...running.root.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Cancel']);
    expect(running.root.querySelector('progress')?.getAttribute('max')).toBe('5');
    (running.root.querySelector('button') as HTMLButtonElement).click();
    expect(onCancel).toHaveBeenCalledOnce();
    const ended = mountIn(h(CopiesReportView, { report: report({ state: 'cancelled', done: true }), onCancel, onAgain: () => {} }));
    expect([...ended.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Search again']);
    expect(ended.root.querySelector('progress')).toBeNull();
  });

  it('without access to sites: why, and one click to allow it', () => {
    const onAllowAccess = vi.fn();
    const { root } = mountIn(h(CopiesReportView, { report: report({ state: 'failed', done: true, needsAccess: true }), onAllowAccess }));
    const box = root.querySelector('[data-testid="needs-access"]')!;
    expect(box.textContent).toContain('It needs your permission to read sites');
    (box.querySelector('button') as HTMLButtonElement).click();
    expect(onAllowAccess).toHaveBeenCalledOnce();
  });
});
