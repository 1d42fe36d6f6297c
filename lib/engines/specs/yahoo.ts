import type { EngineSpec } from '../types';

export const yahoo: EngineSpec = {
  id: 'yahoo',
  name: 'Yahoo',
  host: /^([a-z]{2}\.)?search\.yahoo\.com$/,
  path: /^\/search/,
  queryParams: ['p'],
  matches: ['https://search.yahoo.com/search*'],
  variants: [],
};
