import type { EngineSpec } from '../types';

export const brave: EngineSpec = {
  id: 'brave',
  name: 'Brave Search',
  host: /^search\.brave\.com$/,
  path: /^\/search$/,
  queryParams: ['q'],
  matches: ['https://search.brave.com/search*'],
  variants: [],
};
