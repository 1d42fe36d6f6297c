import type { EngineSpec } from '../types';

export const startpage: EngineSpec = {
  id: 'startpage',
  name: 'Startpage',
  host: /^(www\.)?startpage\.com$/,
  path: /^\/(sp\/search|do\/search|do\/dsearch)/,
  queryParams: ['query', 'q'],
  matches: ['https://www.startpage.com/sp/search*', 'https://www.startpage.com/do/*'],
  variants: [],
};
