import type { EngineSpec } from '../types';

export const ecosia: EngineSpec = {
  id: 'ecosia',
  name: 'Ecosia',
  host: /^(www\.)?ecosia\.org$/,
  path: /^\/search$/,
  queryParams: ['q'],
  matches: ['https://www.ecosia.org/search*'],
  variants: [],
};
