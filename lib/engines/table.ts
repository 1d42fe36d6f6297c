import type { EngineId } from './heads';
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
 * its own: the user adds instances in the options. Keyed by id, so that an engine of ./heads.ts left
 * out here is a type error; in the order a saved file's engine is guessed in (lib/engines/extract.ts:
 * on a tie, the first wins), which Object.values keeps.
 */
const SPECS: Record<EngineId, EngineSpec> = { google, bing, duckduckgo, yahoo, baidu, brave, startpage, ecosia, mojeek, kagi, yandex, qwant, searxng };

export const ENGINES: readonly EngineSpec[] = Object.values(SPECS);
