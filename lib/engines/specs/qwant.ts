import { headOf } from '../heads';
import type { EngineSpec } from '../types';

/**
 * Qwant (one host; results at /?q=…&t=web, rendered client-side; lite.qwant.com now redirects here).
 * Class names are hashed per build (`WebResult-module__…___<hash>`), so the data relies on test ids
 * and structure: web results are `[data-testid="webResult"]` (with a `domain` attribute), title link
 * `h2 a`, snippet the block after the `h2`. Ads are the same card as `[data-testid="adResult"]`;
 * the right column (`.is-sidebar`: knowledge panel, sidebar ads `a[data-testid="aal"]`) and the news,
 * video and image blocks are not organic. Links are direct.
 *
 * No saved page backs this: written from the engine's current markup (see test/fixtures/serp/qwant.html).
 */
export const qwant: EngineSpec = {
  ...headOf('qwant'),
  host: /^(www\.)?qwant\.com$/,
  path: /^\/$/,
  queryParams: ['q'],
  queryInput: 'input[name="q"]',
  // The content script runs on every page of the host: the app navigates from the home page to results
  // without a reload. The home page shares the results' path: a results page only with q.
  matches: ['https://www.qwant.com/*'],
  queryRequiredOn: /^\/$/,
  variants: [
    {
      name: 'web',
      detect: '[data-testid="sectionWeb"], [data-testid="webResult"], [data-testid="adResult"]',
      result: '[data-testid="webResult"]',
      link: 'h2 a[href]',
      title: 'h2',
      snippet: ['h2 + div', '[class*="WebResult-module__desc"]', 'p'],
      displayUrl: ['cite', '[class*="WebResult-module__domain"]', '[class*="WebResult-module__permalink"]'],
      exclude: [
        '[data-testid="adResult"]',
        '.is-sidebar',
        '[data-testid="newsList"]',
        '[data-testid="videosList"]',
        '[data-testid="imageResult"]',
        '[class*="News-module__"]',
        '[class*="Videos-module__"]',
      ],
    },
  ],
};
