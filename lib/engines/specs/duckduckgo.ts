import type { EngineSpec } from '../types';

export const duckduckgo: EngineSpec = {
  id: 'duckduckgo',
  name: 'DuckDuckGo',
  host: /^(html\.|lite\.)?duckduckgo\.com$/,
  path: /^\/(html\/?|lite\/?)?$/,
  queryParams: ['q'],
  matches: ['https://duckduckgo.com/*', 'https://html.duckduckgo.com/*', 'https://lite.duckduckgo.com/*'],
  variants: [],
};
