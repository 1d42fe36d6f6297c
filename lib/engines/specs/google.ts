import type { EngineSpec } from '../types';

export const google: EngineSpec = {
  id: 'google',
  name: 'Google',
  host: /^(www\.)?google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/,
  path: /^\/search$/,
  queryParams: ['q'],
  queryInput: 'textarea[name=q], input[name=q]',
  matches: ['https://www.google.com/search*'],
  variants: [
    {
      name: 'js',
      detect: '#rso, #search',
      result: 'div.g, div.MjjYud > div[data-hveid] [data-snc], div[data-sokoban-container]',
      link: 'a[href]:has(h3), a[href]',
      title: 'h3',
      snippet: ['.VwiC3b', '[data-sncf]', '.IsZvec', '.lEBKkf', 'div[style*="-webkit-line-clamp"]'],
      displayUrl: ['cite'],
      exclude: ['#tads', '#tadsb', '#bottomads', '.commercial-unit-desktop-top', 'related-question-pair', '.related-question-pair', '[jsname="yEVEwb"]', 'g-section-with-header', '#botstuff', '.kp-wholepage', 'block-component', 'g-scrolling-carousel', '.ULSxyf'],
    },
    {
      name: 'basic',
      detect: '#main',
      result: '#main > div > div.Gx5Zad, #main > div > div.ZINbbc, #main > div > div.egMi0',
      link: 'a[href^="/url?"]',
      title: 'h3',
      snippet: ['.BNeawe.s3v9rd.AP7Wnd', '.s3v9rd'],
      displayUrl: ['.BNeawe.UPmit.AP7Wnd', '.UPmit'],
    },
  ],
};
