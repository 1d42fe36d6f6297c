/**
 * Lost and found in the UI language (words/lost, components/lost-report): English says
 * what it always said (lost-ui.test.ts holds the wording; here, lib's notes), German and Russian their
 * own words, plural forms, numbers and dates. A source's note from lib's fixed set is translated; any
 * other note (an error's message) is shown as it is, inside the translated sentence.
 */
import { h } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { LostReportView } from '../../components/lost-report';
import { LOST_NOTES, archiveFailedNote, askedNote } from '../../lib/lost/notes';
import type { Alternate, LostReport } from '../../lib/lost/report';
import {
  deadKindShort,
  formatDate,
  measuresText,
  noCopyText,
  noteWords,
  parseLostTarget,
  progressLine,
  reasonWords,
  sketchText,
  sourceLine,
  sourceLineParts,
  sourceName,
  sourceStateText,
  sourceWords,
  statusWords,
} from '../../words/lost';
import { setMessageSource } from '../../shared/i18n';
import { fileSource, readLocale, useLocale } from './helpers/i18n';
import { mountIn } from './helpers/mount';

afterEach(() => useLocale('en'));

const DAY = Date.UTC(2024, 2, 15, 12); // midday UTC: the same date in every time zone within ±11 h
const de = readLocale('de');
const ru = readLocale('ru');
const en = readLocale('en');
const fr = readLocale('fr');
/** A message with $1… filled in, as browser.i18n does. */
const msg = (file: typeof de, key: string, ...subs: string[]) => file[key].message.replace(/\$([1-9])/g, (_, d: string) => subs[Number(d) - 1]);

const alt = (over: Partial<Alternate>): Alternate => ({
  url: 'https://copy.example/story',
  title: 'The story',
  source: 'group',
  resemblance: 0.87,
  containment: 0.93,
  checkedAt: DAY,
  basis: 'page',
  ...over,
});

const report = (over: Partial<LostReport> = {}): LostReport => ({
  url: 'https://dead.example/story',
  known: {
    title: 'The old story',
    firstSeen: DAY - 86_400_000 * 30,
    lastSeen: DAY,
    fetchedAt: DAY,
    status: 'gone',
    sketch: { shingles: 412, values: 128 },
    phrases: ['a phrase remembered'],
  },
  hasSketch: true,
  alternates: [],
  sources: [
    { source: 'group', state: 'done', candidates: 1, note: askedNote(['Google']) },
    { source: 'store', state: 'skipped', note: LOST_NOTES.noSketch },
    { source: 'search', state: 'failed', note: 'boom: the engine broke' },
    { source: 'archive', state: 'skipped', note: LOST_NOTES.archiveOff },
  ],
  done: true,
  ...over,
});

describe("lib's notes in the UI", () => {
  it('English: every fixed note, the engines asked and an archive failure read exactly as lib wrote them', () => {
    for (const note of Object.values(LOST_NOTES)) expect(noteWords(note)).toBe(note);
    expect(noteWords(askedNote(['Google', 'DuckDuckGo', 'Mojeek']))).toBe('asked Google, then DuckDuckGo, then Mojeek');
    expect(noteWords(archiveFailedNote('the connection was refused'))).toBe('the Internet Archive could not be asked: the connection was refused');
    expect(noteWords('something new')).toBe('something new');
  });

  it('German: a fixed note in German, engine names kept, an unknown note as it is inside the German sentence', () => {
    useLocale('de');
    expect(noteWords(LOST_NOTES.noAccess)).toBe(de.lost_note_noAccess.message);
    expect(noteWords(askedNote(['Google', 'DuckDuckGo']))).toBe('gefragt: Google, dann DuckDuckGo');
    expect(noteWords(archiveFailedNote('timeout'))).toBe('das Internet Archive konnte nicht gefragt werden: timeout');
    expect(sourceStateText({ source: 'store', state: 'skipped', note: LOST_NOTES.noSketch })).toBe(`übersprungen: ${de.lost_note_noSketch.message}`);
    expect(sourceStateText({ source: 'search', state: 'failed', note: 'boom' })).toBe('fehlgeschlagen: boom');
    expect(sourceStateText({ source: 'archive', state: 'skipped', note: LOST_NOTES.archiveOff }, false)).toBe(de.lost_state_archiveOff.message);
    expect(sourceStateText({ source: 'search', state: 'done', candidates: 5, note: askedNote(['Bing']) })).toBe('5 Kandidaten (gefragt: Bing)');
  });
});

describe('lost and found in German', () => {
  it('words, plurals, percentages and dates in German', () => {
    useLocale('de');
    expect(statusWords('gone')).toBe(de.lost_status_gone.message);
    expect(statusWords('http-500')).toBe('die Website antwortete 500');
    expect(statusWords('weird')).toBe('die Prüfung ergab „weird“');
    expect(reasonWords('net::ERR_NAME_NOT_RESOLVED')).toBe(de.lost_status_dns.message);
    expect(reasonWords('the site refused it'), 'words the background wrote stay as they are').toBe('the site refused it');
    expect(deadKindShort('http-410')).toBe('entfernt (410)');
    expect(sourceName('search', false)).toBe(de.lost_sourceName_searchTitle.message);
    expect(sourceStateText({ source: 'group', state: 'done', candidates: 1 })).toBe('1 Kandidat');
    expect(sourceStateText({ source: 'group', state: 'running', candidates: 2 })).toBe('sucht… (bisher 2 Kandidaten)');
    expect(measuresText(alt({}))).toBe('87\u00a0% ähnlich · 93\u00a0% des alten Textes enthalten');
    expect(formatDate(DAY)).toBe('15.03.2024');
    expect(sourceWords(alt({ source: 'archive', archivedAt: DAY }))).toBe('archivierte Kopie vom 15.03.2024');
    expect(sketchText(report())).toBe('Resemble hat einen Sketch dieser Seite behalten (412 Shingles).');
    expect(progressLine(report({ alternates: [alt({})] }))).toBe('Fertig: 1 Kopie gefunden.');
    const running = report({ done: false, alternates: [alt({}), alt({})] });
    running.sources[3] = { source: 'archive', state: 'running' };
    expect(progressLine(running)).toBe('Suche nach Kopien: 3 von 4 Quellen fertig; bisher 2 Kopien…');
    expect(noCopyText(report())).toBe(
      `Keine Kopie dieser Seite gefunden. Nicht durchsucht: ${de.lost_missed_store.message}; ${de.lost_missed_search.message}; ${de.lost_missed_archive.message}.`,
    );
    const bad = parseLostTarget('?url=javascript%3Aalert(1)');
    expect(bad.ok === false && bad.error).toBe(de.lost_target_notWeb.message);
  });

  it('the report leaves no English of lost and found behind', () => {
    useLocale('de');
    const r = report({
      alternates: [alt({}), alt({ url: 'https://b.example/', basis: 'title', source: 'search', resemblance: 0.6 })],
      recheck: { at: DAY, status: 'dns' },
      saveError: 'QUOTA_BYTES quota exceeded',
    });
    const { root } = mountIn(h(LostReportView, { report: r, archiveLookups: false, onEnableArchive: () => {}, onAgain: () => {} }));
    const text = root.textContent!;
    expect(root.querySelector('#known-title')!.textContent).toBe(de.lost_known_heading.message);
    expect(root.querySelector('[data-testid="recheck"]')!.textContent).toMatch(new RegExp(`^15\\.03\\.2024, \\d\\d:\\d\\d: ${de.lost_status_dns.message}$`));
    expect(text).toContain(msg(de, 'lost_saveError', 'QUOTA_BYTES quota exceeded'));
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toEqual([de.lost_again.message, de.lost_archive_enable.message]);
    // Every English message of lost and found, cut at its substitutions: no piece of two words or more
    // is shown (unless the German says the same).
    const pieces = Object.entries(en)
      .filter(([k]) => k.startsWith('lost_'))
      .flatMap(([k, v]) => v.message.split(/\$[1-9]/).map((p) => ({ k, p: p.trim() })))
      .filter(({ k, p }) => /\w+\W+\w+/.test(p) && !(de[k]?.message ?? '').includes(p));
    expect(pieces.length).toBeGreaterThan(50);
    expect(pieces.filter(({ p }) => text.includes(p)).map(({ k, p }) => `${k}: ${p}`)).toEqual([]);
  });
});

describe('lost and found in Russian: one, few, many', () => {
  it('candidates, copies found and shingles by the last digits (1, 3, 5, 21, 22, 11)', () => {
    useLocale('ru');
    const ns = [1, 3, 5, 21, 22, 11];
    const forms = ['one', 'few', 'many', 'one', 'few', 'many'];
    expect(ns.map((n) => sourceStateText({ source: 'group', state: 'done', candidates: n }))).toEqual(
      ns.map((n, i) => msg(ru, `lost_candidates_${forms[i]}`, String(n))),
    );
    expect(ns.map((n) => progressLine(report({ alternates: Array.from({ length: n }, (_, i) => alt({ url: `https://c${i}.example/` })) })))).toEqual(
      ns.map((n, i) => msg(ru, `lost_progress_found_${forms[i]}`, String(n))),
    );
    expect(sourceStateText({ source: 'group', state: 'done', candidates: 5 })).toBe('5 кандидатов');
    expect(statusWords('timeout')).toBe(ru.lost_status_timeout.message);
  });
});

describe("a source's line: name and state in the language's order and punctuation", () => {
  it('French puts a space before the colon, in the popup line and in the report list', () => {
    useLocale('fr');
    const name = fr.lost_sourceName_group.message;
    const state = msg(fr, 'lost_candidates_other', '2');
    expect(sourceLine(name, state)).toBe(`${name} : ${state}`);
    const { root } = mountIn(h(LostReportView, { report: report({ sources: [{ source: 'group', state: 'done', candidates: 2 }] }) }));
    const li = root.querySelector('[data-testid="sources"] li')!;
    expect(li.textContent).toBe(`${name} : ${state}`);
    expect(li.querySelector('.source-name')!.textContent).toBe(name);
  });

  it('a language that puts the state first gets it first, each part in its own element', () => {
    const base = fileSource('en');
    setMessageSource({ ...base, getMessage: (key, subs) => (key === 'lost_sourceLine' ? `[${subs[1]}] ← ${subs[0]}.` : base.getMessage(key, subs)) });
    expect(sourceLineParts()).toEqual({ before: '[', between: '] ← ', after: '.', nameFirst: false });
    const { root } = mountIn(h(LostReportView, { report: report({ sources: [{ source: 'store', state: 'pending' }] }) }));
    const li = root.querySelector('[data-testid="sources"] li')!;
    expect(li.textContent).toBe(`[waiting] ← ${en.lost_sourceName_store.message}.`);
    expect(li.querySelector('.source-state')!.textContent).toBe('waiting');
  });
});
