import type { EngineSpec } from '../types';

export const searxng: EngineSpec = {
  id: 'searxng',
  name: 'SearXNG',
  host: /^$/,
  path: /^\/(search)?$/,
  queryParams: ['q'],
  matches: [],
  variants: [],
};
