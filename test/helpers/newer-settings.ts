/**
 * A settings item as a newer release writes it (issue #38): one engine id, one added engine's field and
 * one setting this version does not know, Bing off. The unit, Chromium and Firefox tests of version skew
 * give it to this version and check it comes back whole.
 */
import { DEFAULT_SETTINGS } from '../../lib/settings';

export const NEWER_ADDED = { host: 'search.mine.example', path: '/find', param: 'q', name: 'Mine' };

export const NEWER_SETTINGS = {
  ...DEFAULT_SETTINGS,
  version: 2,
  engines: { ...DEFAULT_SETTINGS.engines, bing: false, futureengine: true },
  addedEngines: [{ ...NEWER_ADDED, icon: 'https://search.mine.example/i.png' }],
  summaries: { on: true },
};
