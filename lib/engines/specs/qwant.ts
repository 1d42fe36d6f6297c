import type { EngineSpec } from '../types';

export const qwant: EngineSpec = {
  id: 'qwant',
  name: 'Qwant',
  host: /^(www\.)?qwant\.com$/,
  path: /^\/$/,
  queryParams: ['q'],
  matches: ['https://www.qwant.com/*'],
  variants: [],
};
