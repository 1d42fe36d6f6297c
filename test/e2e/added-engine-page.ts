/**
 * A results page of a made-up engine no definition knows (issue #27, "Add a search engine"):
 * Hand-written for Resemble's tests (not a capture). Six organic results, each an h3 title link, a
 * display URL and a snippet, in markup of its own (no class any spec reads), with a search form, a
 * tab bar and a footer around them. Results 2 and 5 are near-copies (one snippet, two sites, a word
 * apart). Pure data: the e2e spec serves it, a unit test reads it with lib.
 */
export const ADDED_HOST = 'search.example-engine.test';
export const ADDED_PATH = '/find';
export const ADDED_PARAM = 'term';
export const ADDED_QUERY = 'glacier retreat';
export const ADDED_URL = `https://${ADDED_HOST}${ADDED_PATH}?${ADDED_PARAM}=${encodeURIComponent(ADDED_QUERY)}`;

const COPY =
  'Glaciers in the Alps lost a tenth of their remaining ice in two summers, and scientists who measured the retreat say the smaller glaciers may be gone before the middle of the century.';

export const ADDED_RESULTS = [
  {
    url: 'https://alpine-news.example/glaciers/measured',
    title: 'How the retreat of glaciers is measured',
    snippet:
      'Survey teams drill stakes into the ice every spring and read them again in autumn; the difference, across hundreds of stakes, gives the mass a glacier lost over the year.',
  },
  { url: 'https://climate-desk.example/2024/alps-ice', title: 'Alpine glaciers lost a tenth of their ice', snippet: COPY },
  {
    url: 'https://geo-museum.example/exhibits/moraines',
    title: 'Moraines: what glaciers leave behind',
    snippet: 'A moraine is the ridge of rock and gravel a glacier pushes ahead of it; old moraines far down a valley show where the ice reached centuries ago.',
  },
  {
    url: 'https://hiking-club.example/routes/glacier-walks',
    title: 'Glacier walks that are still safe',
    snippet:
      'Routes over the ice change every season: crevasses open where there were none, and the club lists which guided walks run this summer and which were closed.',
  },
  {
    url: 'https://news-mirror.example/science/alps-glaciers-tenth',
    title: 'Alps glaciers lose a tenth of their ice',
    snippet: COPY.replace('scientists', 'researchers'),
  },
  {
    url: 'https://water-board.example/reports/meltwater',
    title: 'Meltwater and the rivers below',
    snippet: 'Rivers fed by glaciers run high in late summer while the ice lasts; the board models how their flow changes as the glaciers above them shrink.',
  },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function addedEnginePage(query = ADDED_QUERY): string {
  const hits = ADDED_RESULTS.map((r) => {
    const u = new URL(r.url);
    return `<article class="zq-entry">
  <h3 class="zq-head"><a href="${esc(r.url)}">${esc(r.title)}</a></h3>
  <div class="zq-where">${esc(u.hostname)} › ${esc(u.pathname.split('/').filter(Boolean).join(' › '))}</div>
  <p class="zq-text">${esc(r.snippet)}</p>
</article>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(query)} – Example Engine</title></head>
<body>
<header class="zq-top">
  <a class="zq-logo" href="/">Example Engine</a>
  <form action="/find" method="get"><input name="term" value="${esc(query)}"><button type="submit">Find</button></form>
  <nav class="zq-tabs"><a href="/find?term=${encodeURIComponent(query)}">All</a> <a href="/images?term=${encodeURIComponent(query)}">Images</a> <a href="/news?term=${encodeURIComponent(query)}">News</a></nav>
</header>
<div class="zq-body">
<div class="zq-count">About 1,200 results</div>
${hits}
</div>
<footer class="zq-foot"><a href="/about">About</a> · <a href="/privacy">Privacy</a></footer>
</body></html>`;
}
