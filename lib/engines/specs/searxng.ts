import { headOf } from '../heads';
import type { EngineSpec } from '../types';

/**
 * SearXNG, the metasearch engine anyone can host: no hosts of its own (the user adds instances; see
 * ExtractOptions.searxngHosts), results at /search (GET with ?q=, or POST — then the query is only in
 * the search box). Simple theme (the default since 2022): `#urls > article.result` with a
 * `a.url_header` (display URL `.url_wrapper`), `h3 > a` and `p.content`. Answers, infoboxes,
 * suggestions and corrections are outside `#urls` (`#answers`, `#sidebar`); image, map and news
 * results (`.category-images`… / `.result-images`…) are not web results. A video result is one
 * (issue #41): it stands in the list like the others, with its own title link, address and text (a
 * thumbnail beside them, as Google's single video results and Startpage's YouTube results have, which
 * their definitions count), and the structural reader, which cannot tell it from them, reads it too.
 * Upstream engines' redirects that leak through (e.g. Google's /url?q=) are undone like on the
 * engines themselves.
 *
 * Oscar theme (Bootstrap; searx's default, and SearXNG's until its simple theme, which replaced it):
 * results are `div.result` children of `#main_results`, `h4.result_header > a` (after the engine's
 * favicon), `p.result-content`, `.external-link` (the display URL) under the engines' labels and a
 * "cached" link. In the same column: answers (`div.result.well`) and "Try searching for" corrections
 * (a `div.result` without a link); infoboxes and suggestions are in `#sidebar_results`; its video
 * results (`.result-videos`) are results, as in the simple theme. Read from the theme's templates
 * (test/fixtures/serp/searxng-oscar.html).
 */
export const searxng: EngineSpec = {
  ...headOf('searxng'),
  host: /^$/,
  path: /\/search\/?$/,
  queryParams: ['q'],
  queryInput: 'input#q, input[name="q"]',
  matches: [],
  variants: [
    {
      name: 'simple',
      detect: 'meta[name="generator"][content^="searxng"], body.results_endpoint #urls, #urls > article.result',
      result: 'article.result',
      link: 'h3 > a[href], a.url_header[href]',
      title: 'h3',
      snippet: ['p.content'],
      displayUrl: ['.url_wrapper', 'a.url_header'],
      exclude: ['.category-images', '.category-map', '.category-news', '.result-images', '.result-map', '#sidebar', '#answers', '.infobox'],
    },
    {
      name: 'oscar',
      detect: '#sidebar_results, #main_results > .result',
      result: '#main_results > .result',
      link: 'h4.result_header a[href]',
      snippet: ['p.result-content'],
      displayUrl: ['.external-link'],
      // images and maps have their own result templates (class result-<template>); videos are results
      exclude: ['.well', '.result-images', '.result-map'],
    },
  ],
};
