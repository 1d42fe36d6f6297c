import type { EngineSpec } from '../types';

export const yandex: EngineSpec = {
  id: 'yandex',
  name: 'Yandex',
  host: /^(www\.)?yandex\.(ru|com|com\.tr|by|kz|uz)$/,
  path: /^\/search\/?$/,
  queryParams: ['text'],
  matches: ['https://yandex.ru/search/*', 'https://yandex.com/search/*'],
  variants: [],
};
