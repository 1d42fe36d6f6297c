import type { EngineSpec } from '../types';

export const baidu: EngineSpec = {
  id: 'baidu',
  name: 'Baidu',
  host: /^(www\.)?baidu\.com$/,
  path: /^\/s$/,
  queryParams: ['wd', 'word'],
  matches: ['https://www.baidu.com/s*'],
  variants: [],
};
