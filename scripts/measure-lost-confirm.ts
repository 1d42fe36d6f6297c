/**
 * What real copies keep that a forged page does not (issue #28): `npx tsx scripts/measure-lost-confirm.ts`.
 * Needs ../shared. For real copies (python-peps-history old -> new pairs that the sketches accept;
 * Gutenberg books, ASCII text vs the HTML edition) and for forged pages (only the kept shingles of each
 * dead page, shuffled or in text order): the sketches' resemblance and containment, how many of the dead
 * page's 3 remembered phrases the candidate holds word for word, and the share of a 30-word passage of
 * the dead page (a snippet) the candidate holds, against unrelated pages.
 */
import { PAGE_OPTIONS, canonicalSource, sketchText } from '../lib/index';
import { pickPhrases } from '../lib/lost/phrases';
import { verify } from '../lib/lost/rank';
import { verifyCopy } from '../lib/lost/confirm';
import { HeldText, phrasesHeld, snippetHeld } from '../lib/lost/held';
import { tokens } from '../lib/text/tokens';
import { forge } from '../test/unit/helpers/forged-page';
import { readLabels, readSharedText, sharedPath } from '../test/unit/helpers/shared';
import { readFileSync } from 'node:fs';

const O = { threshold: 0.5, containment: 0.8 };
const PEPS = 'corpora/python-peps-history';
const GUT = 'corpora/gutenberg-formats-editions';
const text = (f: string) => canonicalSource(readSharedText(f));

interface Row {
  kind: string;
  name: string;
  r: number;
  c: number;
  held: number;
  of: number;
  accepted: boolean;
  share: number;
  words: number;
  final: boolean;
  floor: boolean;
}
const rows: Row[] = [];
function measure(kind: string, name: string, dead: string, cand: string) {
  const phrases = pickPhrases(dead);
  const lost = { sketch: sketchText(dead, PAGE_OPTIONS), title: '', phrases };
  const c = { url: 'u', title: '', sketch: sketchText(cand, PAGE_OPTIONS) };
  const v = verify(lost, c, O);
  // As lost and found decides: with the phrases, and without any (an old record: the floor).
  const final = verifyCopy(lost, { ...c, text: new HeldText(cand) }, O).accepted;
  const floor = verifyCopy({ ...lost, phrases: [] }, { ...c, text: new HeldText(cand) }, O).accepted;
  const h = new HeldText(cand);
  let hit = 0,
    all = 0;
  for (const p of phrases) {
    const s = h.share(p);
    hit += s.share * s.windows;
    all += s.windows;
  }
  rows.push({
    kind,
    name,
    r: v.resemblance,
    c: v.containment,
    held: phrasesHeld(h, phrases),
    of: phrases.length,
    accepted: v.accepted,
    share: all ? hit / all : 0,
    words: tokens(dead).length,
    final,
    floor,
  });
}

const pairs = readFileSync(sharedPath(`${PEPS}/PAIRS.tsv`), 'utf8')
  .split('\n')
  .slice(1)
  .filter(Boolean)
  .map((l) => l.split('\t'));
const snippets: { same: number[]; other: number[] } = { same: [], other: [] };
const news = pairs.map((p) => text(`${PEPS}/${p[1]}`));
pairs.forEach((p, k) => {
  const dead = text(`${PEPS}/${p[0]}`);
  measure('pep copy', p[0], dead, news[k]);
  if (k % 4 === 0) measure('forged (shuffled)', p[0], dead, forge(dead, PAGE_OPTIONS));
  if (k % 4 === 0) measure('forged (text order)', p[0], dead, forge(dead, PAGE_OPTIONS, 'text'));
  // Snippets: 30-word passages of the dead page at 3 places, cut mid-word at the end as engines do.
  const words = dead.split(/\s+/).filter(Boolean);
  if (Number(p[4]) < 0.5) return;
  const same = new HeldText(news[k]);
  const other = new HeldText(news[(k + 7) % news.length]);
  for (const at of [0.2, 0.5, 0.8]) {
    const i = Math.floor(words.length * at);
    const snip = words
      .slice(i, i + 30)
      .join(' ')
      .slice(0, -2);
    if (tokens(snip).length < 20) continue;
    snippets.same.push(snippetHeld(same, snip).share);
    snippets.other.push(snippetHeld(other, snip).share);
  }
});

const labels = readLabels(GUT);
for (const g of new Set(labels.map((l) => l.group))) {
  const of = labels.filter((l) => l.group === g && l.snapshot === 'head');
  const ascii = of.find((l) => l.format === 'txt-ascii');
  const html = of.find((l) => l.format === 'html');
  if (!ascii || !html) continue;
  const dead = text(`${GUT}/${ascii.file}`);
  measure('gutenberg txt->html', g, dead, text(`${GUT}/${html.file}`));
  measure('forged (shuffled)', g, dead, forge(dead, PAGE_OPTIONS));
  measure('forged (text order)', g, dead, forge(dead, PAGE_OPTIONS, 'text'));
}

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
for (const kind of new Set(rows.map((r) => r.kind))) {
  const all = rows.filter((r) => r.kind === kind);
  const acc = all.filter((r) => r.accepted);
  const withP = acc.filter((r) => r.of > 0);
  const r = acc.map((x) => x.r);
  const containOnly = acc.filter((x) => x.r < O.threshold);
  console.log(
    `${kind}: ${all.length} pages, ${acc.length} accepted by the sketches; resemblance min ${q(r, 0).toFixed(2)} p10 ${q(r, 0.1).toFixed(2)} median ${q(r, 0.5).toFixed(2)}; ` +
      `by containment only ${containOnly.length} (r ${containOnly.map((x) => x.r.toFixed(2)).join(' ')}); ` +
      `phrases held >= 1: ${withP.filter((x) => x.held >= 1).length}/${withP.length}, all: ${withP.filter((x) => x.held === x.of).length}/${withP.length}`,
  );
}
for (const kind of new Set(rows.map((r) => r.kind))) {
  const acc = rows.filter((r) => r.kind === kind && r.accepted && r.of > 0);
  const hist = [0, 1, 2, 3].map((k) => acc.filter((x) => x.held === k).length);
  const sh = acc.map((x) => x.share);
  const all = rows.filter((r) => r.kind === kind);
  console.log(
    `${kind}: accepted now ${all.filter((x) => x.final).length}/${all.length} (sketches alone ${all.filter((x) => x.accepted).length}); without phrases (floor) ${all.filter((x) => x.floor).length}; containment-only held: ${all
      .filter((x) => x.accepted && x.r < O.threshold)
      .map((x) => `${x.held}/${x.of}`)
      .join(' ')}`,
  );
  console.log(
    `${kind}: phrases held 0/1/2/3: ${hist.join('/')}; window share min ${q(sh, 0).toFixed(2)} p5 ${q(sh, 0.05).toFixed(2)} p10 ${q(sh, 0.1).toFixed(2)} median ${q(sh, 0.5).toFixed(2)} p90 ${q(sh, 0.9).toFixed(2)} max ${q(sh, 1).toFixed(2)}; words median ${q(
      acc.map((x) => x.words),
      0.5,
    )}`,
  );
  if (kind.startsWith('forged'))
    console.log(
      `  held>=2: ${acc
        .filter((x) => x.held >= 2)
        .map((x) => `${x.name} words ${x.words} share ${x.share.toFixed(2)} r ${x.r.toFixed(2)}`)
        .join('; ')}`,
    );
  if (kind.startsWith('pep'))
    console.log(
      `  held<=1: ${acc
        .filter((x) => x.held <= 1)
        .map((x) => `${x.name} held ${x.held} share ${x.share.toFixed(2)} r ${x.r.toFixed(2)} c ${x.c.toFixed(2)}`)
        .join('; ')}`,
    );
}
const s = snippets;
console.log(
  `snippets (30 words, PEP pairs J >= 0.5): in the moved page min ${q(s.same, 0).toFixed(2)} p5 ${q(s.same, 0.05).toFixed(2)} median ${q(s.same, 0.5).toFixed(2)} (n ${s.same.length}); in another page max ${q(s.other, 1).toFixed(2)} p95 ${q(s.other, 0.95).toFixed(2)}`,
);
