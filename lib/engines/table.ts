import type { EngineSpec } from './types';
import { google } from './specs/google';
import { bing } from './specs/bing';
import { duckduckgo } from './specs/duckduckgo';
import { yahoo } from './specs/yahoo';
import { baidu } from './specs/baidu';
import { brave } from './specs/brave';
import { startpage } from './specs/startpage';
import { ecosia } from './specs/ecosia';
import { mojeek } from './specs/mojeek';
import { kagi } from './specs/kagi';
import { yandex } from './specs/yandex';
import { qwant } from './specs/qwant';
import { searxng } from './specs/searxng';

/**
 * Every engine Resemble reads, as data: hosts, paths, query parameters, content-script matches and
 * selectors per markup variant (one plain object per engine under ./specs). SearXNG has no hosts of
 * its own: the user adds instances in the options.
 */
export const ENGINES: readonly EngineSpec[] = [google, bing, duckduckgo, yahoo, baidu, brave, startpage, ecosia, mojeek, kagi, yandex, qwant, searxng];
