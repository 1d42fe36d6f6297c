import type { EngineSpec } from '../types';

export const kagi: EngineSpec = {
  id: 'kagi',
  name: 'Kagi',
  host: /^kagi\.com$/,
  path: /^\/search$/,
  queryParams: ['q'],
  matches: ['https://kagi.com/search*'],
  variants: [],
};
