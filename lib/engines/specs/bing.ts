import type { EngineSpec } from '../types';

export const bing: EngineSpec = {
  id: 'bing',
  name: 'Bing',
  host: /^(www\.|cn\.)?bing\.com$/,
  path: /^\/search$/,
  queryParams: ['q'],
  matches: ['https://www.bing.com/search*'],
  variants: [],
};
