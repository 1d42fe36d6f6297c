import type { EngineSpec } from '../types';

export const mojeek: EngineSpec = {
  id: 'mojeek',
  name: 'Mojeek',
  host: /^(www\.)?mojeek\.(com|co\.uk)$/,
  path: /^\/search$/,
  queryParams: ['q'],
  matches: ['https://www.mojeek.com/search*'],
  variants: [],
};
