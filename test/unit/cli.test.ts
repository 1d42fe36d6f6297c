import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, runCli } from './helpers/cli';
import { WRAPPERS, renderXml } from './helpers/xml-renderings';
import { renameNames } from '../helpers/rename-names';

/** Original prose written for these tests (a few hundred words). */
const PROSE = `The keeper of the northern light kept a ledger of every ship that passed the point, though
nobody had asked him to. He wrote the hour, the direction of the wind, the colour of the hull when he
could make it out, and a guess at the cargo. Most of the guesses were wrong. The timber boats sat low
and slow in the water and were easy, but the coasters that came down from the islands could be
carrying wool or whisky or nothing at all, and he liked to imagine that they carried letters.

In the winter the ledger grew thin. Storms closed the channel for a week at a time and the only
traffic was the mail steamer, which came whatever the weather and which he greeted from the gallery
with a lantern even in daylight. The captain never waved back. Years later the keeper learned that
the captain had been short sighted and had taken the lantern for a warning, and had slowed his
engines every time he passed, adding twenty minutes to a crossing that the company timed to the
second. The company wrote him stern letters about it and he ignored them all.

When the light was automated the ledgers were boxed and sent to the county archive, where an
archivist with an interest in shipping read all forty years of them over a single wet summer. She
found that the keeper had recorded eleven thousand passages, three collisions, one birth on board a
herring drifter, and a whale that had followed a ferry into the harbour and refused to leave. She also
found, pressed between two pages from a November long ago, a dried sprig of heather and a note in a
different hand that said only: the light was beautiful last night, thank you for keeping it.

She never learned who wrote the note. She copied the ledgers into a database, checked the dates
against the tide tables and the weather reports, and published a short paper arguing that a careful
amateur with a good window could be a better witness than any harbour office. The paper was cited
twice, both times by people who had grown up on the point and remembered the lantern.`;

/** The same text with a few edits. */
const NEAR = PROSE.replace('eleven thousand passages', 'twelve thousand passages')
  .replace('The captain never waved back.', 'The captain never once waved back.')
  .replace('a whale that had followed', 'a young whale that had followed')
  .replace('checked the dates', 'carefully checked the dates');

/** The same text as a web page, with scripts, styles and markup around it. */
const HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Ledger</title>
<style>body { font-family: serif; } .note::after { content: "the light was beautiful"; }</style>
<script>var tracking = { page: "ledger", words: ["keeper", "ship", "harbour"] }; console.log(tracking);</script>
</head><body><article>
${PROSE.split('\n\n')
  .map((p) => `<p class="para">${p.replace('whale', '<em>whale</em>').replace(' & ', ' &amp; ')}</p>`)
  .join('\n')}
</article><script>document.querySelectorAll('p').forEach(function (p) { p.dataset.seen = 1; });</script>
</body></html>`;

/** Unrelated text of similar length. */
const OTHER = `To make a sourdough starter, mix equal weights of wholemeal flour and lukewarm water in a clean
jar, cover it loosely and leave it somewhere warm. After a day, discard half and feed it again with
fresh flour and water. Bubbles usually appear on the second or third day, along with a sharp smell
that softens as the yeasts outcompete the bacteria that arrive first. Keep feeding it twice a day.
By the end of the first week the starter should double in size within six hours of a feed, smell
pleasantly sour, and hold a spoonful of batter on the surface of a glass of water. At that point it
can raise a loaf, although the flavour will keep improving for another month. Bakers who forget
their starter for a fortnight in the fridge can usually revive it with two or three generous feeds;
a grey liquid on top is only alcohol and can be poured off or stirred back in. Rye flour makes a
livelier starter than white flour, and a little pineapple juice in the first days keeps unwanted
bacteria away by lowering the acidity early. Whatever the recipe, the real secret is patience and
a kitchen that stays at a steady temperature through the night.`;

let dir: string;
const f = (name: string) => join(dir, name);

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'resemble-cli-'));
  writeFileSync(f('story.txt'), PROSE);
  writeFileSync(f('story-edited.txt'), NEAR);
  writeFileSync(f('story.html'), HTML);
  writeFileSync(f('bread.txt'), OTHER);
  writeFileSync(f('empty.txt'), '');
  writeFileSync(f('markup-only.html'), '<!DOCTYPE html><html><head><script>var x = 1;</script></head><body></body></html>');
  writeFileSync(f('image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]));
  writeFileSync(f('nul.txt'), Buffer.concat([Buffer.from('some words here '), Buffer.alloc(64), Buffer.from(' and more')]));
  mkdirSync(f('a-directory'));
  // Issue #14: the start of the story and of the bread text (about 100 words each: short enough that
  // tags read as words would outweigh them), plain and in four XML wrappers (SPDX-, DocBook-, TEI-, JATS-like).
  const story = PROSE.split('\n\n')[0];
  const bread = OTHER.split(/(?<=\.)\s+/)
    .slice(0, 5)
    .join(' ');
  writeFileSync(f('story-start.txt'), story);
  writeFileSync(f('bread-start.txt'), bread);
  for (const w of WRAPPERS) {
    writeFileSync(f(`story.${w}.xml`), renderXml(w, 'ledger', story));
    writeFileSync(f(`bread.${w}.xml`), renderXml(w, 'sourdough', bread));
  }
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[], input?: string) => runCli(args, input, 10_000);

/** Runs a command expected to succeed with --json and returns the parsed document. */
// biome-ignore lint/suspicious/noExplicitAny: the CLI's JSON, read field by field by each test
async function json(args: string[], input?: string): Promise<any> {
  const r = await run([...args, '--json'], input);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout.endsWith('}\n')).toBe(true);
  return JSON.parse(r.stdout);
}

const fraction = expect.any(Number);

describe.concurrent('compare', () => {
  it('gives resemblance and containment both ways, exact values only with --exact', async () => {
    const plain = await json(['compare', f('story.txt'), f('story-edited.txt')]);
    expect(plain).toEqual({ resemblance: fraction, containment: { aInB: fraction, bInA: fraction } });
    expect(Object.keys(plain)).toEqual(['resemblance', 'containment']);
    expect(plain.resemblance).toBeGreaterThan(0.7);

    const exact = await json(['compare', f('story.txt'), f('story-edited.txt'), '--exact']);
    expect(exact).toEqual({
      resemblance: fraction,
      containment: { aInB: fraction, bInA: fraction },
      exact: { resemblance: fraction, containment: { aInB: fraction, bInA: fraction } },
    });
    expect(exact.exact.resemblance).toBeGreaterThan(0.7);
    expect(exact.exact.resemblance).toBeLessThan(1);
  });

  it('sees a text and its HTML page as near-identical, and unrelated text as different', async () => {
    expect((await json(['compare', f('story.txt'), f('story.html')])).resemblance).toBeGreaterThan(0.8);
    const other = await json(['compare', f('story.txt'), f('bread.txt')]);
    expect(other.resemblance).toBeLessThan(0.2);
    expect(other.containment.aInB).toBeLessThan(0.2);
  });

  it('reads standard input for -', async () => {
    const r = await json(['compare', '-', f('story.txt')], PROSE);
    expect(r.resemblance).toBe(1);
  });

  it('prints readable percentages without --json', async () => {
    const r = await run(['compare', f('story.txt'), f('story.txt')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/resemblance\s+100\.0%/);
  });
});

describe.concurrent('cluster', () => {
  it('groups the versions of the story and lists every file exactly once, in input order', async () => {
    const files = [f('bread.txt'), f('story.txt'), f('story.html'), f('story-edited.txt')];
    const { clusters } = await json(['cluster', ...files]);
    expect(clusters).toEqual([[f('bread.txt')], [f('story.txt'), f('story.html'), f('story-edited.txt')]]);
  });

  it('groups each text with its XML renderings, and no two texts by the tags of their shared wrapper', async () => {
    const xml = (name: string) => WRAPPERS.map((w) => f(`${name}.${w}.xml`));
    const files = [f('story-start.txt'), f('bread-start.txt'), ...WRAPPERS.flatMap((w) => [f(`story.${w}.xml`), f(`bread.${w}.xml`)])];
    const { clusters } = await json(['cluster', ...files]);
    expect(clusters).toEqual([
      [f('story-start.txt'), ...xml('story')],
      [f('bread-start.txt'), ...xml('bread')],
    ]);
    const r = await run(['sketch', f('story.tei.xml')]);
    expect(r.stdout).toMatch(/^input\s+XML, utf-8/m);
  });

  it('keeps files apart at a threshold above their resemblance', async () => {
    const { clusters } = await json(['cluster', f('story.txt'), f('story-edited.txt'), f('bread.txt'), '--threshold', '1']);
    expect(clusters).toEqual([[f('story.txt')], [f('story-edited.txt')], [f('bread.txt')]]);
  });

  it('stops at an unusable file, or skips it with --skip-bad', async () => {
    const bad = await run(['cluster', f('story.txt'), f('missing.txt'), '--json']);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^resemble: .*missing\.txt: /);

    const r = await run(['cluster', f('story.txt'), f('image.png'), f('story-edited.txt'), '--skip-bad', '--json']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('image.png');
    expect(JSON.parse(r.stdout)).toEqual({ clusters: [[f('story.txt'), f('story-edited.txt')]] });
  });
});

describe.concurrent('nearest', () => {
  it('ranks the near copy first and only lists files that share something', async () => {
    const { results } = await json(['nearest', f('story.txt'), f('bread.txt'), f('story-edited.txt'), f('story.html')]);
    expect(results.length).toBeGreaterThanOrEqual(2);
    for (const r of results) expect(Object.keys(r)).toEqual(['file', 'resemblance', 'containment']);
    expect(results[0].file).toBe(f('story.html'));
    expect(results[1].file).toBe(f('story-edited.txt'));
    expect(results[1].resemblance).toBeGreaterThan(0.7);
    expect(results.map((r: { file: string }) => r.file)).not.toContain(f('bread.txt'));
  });

  it('respects --top and leaves the query itself out', async () => {
    const { results } = await json(['nearest', f('story-edited.txt'), f('story-edited.txt'), f('story.txt'), f('story.html'), '--top', '1']);
    expect(results).toEqual([{ file: f('story.txt'), resemblance: fraction, containment: fraction }]);
  });
});

describe.concurrent('sketch', () => {
  it('prints the sketch as one JSON object', async () => {
    const s = await json(['sketch', f('story.txt')]);
    expect(Object.keys(s)).toEqual([
      'file',
      'options',
      'format',
      'tokens',
      'shingles',
      'distinct',
      'modBits',
      'whole',
      'truncated',
      'min',
      'mod',
      'bytes',
      'base64',
    ]);
    expect(s.options).toEqual({ shingle: 5, size: 128, seed: 0 });
    expect(s.min).toHaveLength(128);
    expect(s.whole).toMatch(/^[0-9a-f]{13}$/);
    expect(Buffer.from(s.base64, 'base64').length).toBe(s.bytes);
    expect(s.bytes).toBe(48 + 8 * (s.min.length + s.mod.length));
  });

  it('applies --shingle, --sketch and --seed', async () => {
    const s = await json(['sketch', f('story.txt'), '--shingle', '3', '--sketch=64', '--seed', '7']);
    expect(s.options).toEqual({ shingle: 3, size: 64, seed: 7 });
    expect(s.min).toHaveLength(64);
    expect(s.shingles).toBe(s.tokens - 2);
  });
});

describe.concurrent('errors and exit codes', () => {
  it.each([
    ['missing.txt', /missing\.txt: no such file/],
    ['a-directory', /a-directory: is a directory/],
    ['image.png', /image\.png: binary input/],
    ['nul.txt', /nul\.txt: binary input/],
    ['empty.txt', /empty\.txt: empty file/],
    ['markup-only.html', /markup-only\.html: no words/],
  ])('exits 1 naming the file for %s', async (name, message) => {
    const r = await run(['compare', f('story.txt'), f(name), '--json']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/^resemble: /);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    [['frobnicate', 'page.html'], /unknown command 'frobnicate'/],
    [['compare', 'a.txt'], /missing arguments/],
    [['compare', 'a', 'b', 'c'], /too many arguments/],
    [['sketch', 'a.txt', '--shingle', 'x'], /--shingle must be an integer/],
    [['sketch', 'a.txt', '--shingle', '0'], /--shingle must be an integer from 1 to 64/],
    [['sketch', 'a.txt', '--sketch', '99999'], /--sketch must be an integer/],
    [['cluster', 'a.txt', '--threshold', '1.5'], /--threshold must be/],
    [['nearest', 'a.txt', 'b.txt', '--top', '0'], /--top must be an integer/],
    [['compare', 'a.txt', 'b.txt', '--frobnicate'], /unknown option '--frobnicate'/],
    [['compare', 'a.txt', 'b.txt', '--shingle'], /'--shingle' needs a value/],
    [['compare', '-', '-'], /standard input/],
    [[], /Usage:/],
  ])('exits 2 for %j', async (args, message) => {
    const r = await run(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('answers --help, help and --version with exit 0', async () => {
    const helps = [['--help'], ['help'], ['help', 'nearest'], ['nearest', '--help'], ['cluster', 'x', '--bogus', '-h']];
    for (const r of await Promise.all(helps.map((args) => run(args)))) {
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Exit status:');
    }
    expect((await run(['nearest', '--help'])).stdout).toContain('--top K');
    const v = await run(['--version']);
    expect(v.status).toBe(0);
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe.concurrent('serp (issue #27: the same reader as the extension, structure included)', () => {
  const fixture = join(root, 'test/fixtures/serp/google-js.html');
  const url = 'https://www.google.com/search?q=first+lighthouse';
  const renamed = () => {
    const p = f('google-renamed.html');
    writeFileSync(p, renameNames(readFileSync(fixture, 'utf8'), 7));
    return p;
  };

  it("reads a page by its engine's definition, and the same page renamed by its structure", async () => {
    const spec = await json(['serp', fixture, '--url', url]);
    expect(Object.keys(spec)).toEqual(['engine', 'query', 'results', 'reader']);
    expect(spec).toMatchObject({ engine: 'google', reader: 'spec' });
    const structure = await json(['serp', renamed(), '--url', url]);
    expect(structure).toMatchObject({ engine: 'google', reader: 'structure' });
    expect(structure.results.map((r: { url: string }) => r.url)).toEqual(spec.results.map((r: { url: string }) => r.url));
    const text = await run(['serp', renamed(), '--url', url]);
    expect(text.stdout).toMatch(/^google \(read by its structure\)/);
  });

  it("reads a page of an engine no definition knows by its structure, named by --url's host", async () => {
    const item = (i: number) =>
      `<li><h3><a href="https://site${i}.example/p">Result ${i} of an unknown engine</a></h3><cite>site${i}.example/p</cite><p>Words of result ${i}, quoted from its page.</p></li>`;
    const p = f('unknown-engine.html');
    writeFileSync(p, `<!DOCTYPE html><html><body><form><input name="q" value="x"></form><ol>${[1, 2, 3].map(item).join('')}</ol></body></html>`);
    const x = await json(['serp', p, '--url', 'https://find.unknown.example/results?q=x']);
    expect(x).toMatchObject({ engine: 'find.unknown.example', query: 'x', reader: 'structure' });
    expect(x.results.map((r: { url: string }) => r.url)).toEqual(['https://site1.example/p', 'https://site2.example/p', 'https://site3.example/p']);
    expect((await json(['serp', p])).engine).toBe('unknown');
  });

  it('exits 1 for a page with no results page in it', async () => {
    const r = await run(['serp', f('markup-only.html')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/not a results page/);
  });
});
