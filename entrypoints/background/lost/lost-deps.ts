import { fetchJson } from '../../../lib/fetch/fetch-json';
import { fetchPage } from '../../../lib/fetch/fetch-page';
import type { LostDeps } from '../../../lib/lost/find';
import type { LostReport } from '../../../lib/lost/report';
import type { Settings } from '../../../lib/settings';
import type { SketchStore } from '../../../lib/store';
import { fetchPolicy } from '../net/fetch-policy';
import { hasPageAccess } from '../net/page-access';
import { readSettings } from '../../../shared/settings';
import type { SketchService } from '../worker/sketch-service';
import { storeFor } from '../worker/store-access';

/**
 * Lost and found's reach in this browser (lib/lost/find.ts): every fetch under the one fetch policy,
 * the archive's availability lookup included; the store of the sender's kind; the sketch service.
 * The whole settings and store are handed back too, for the caller's own use of them.
 */
export async function lostDeps(
  service: SketchService,
  incognito: boolean,
  save: (r: LostReport) => Promise<void>,
): Promise<LostDeps & { settings: Settings; store: SketchStore }> {
  const settings = await readSettings();
  const store = await storeFor(incognito);
  return {
    // A private window's search keeps nothing in the browser's HTTP cache either (issue #28).
    fetchPage: async (url, signal) => fetchPage(url, { ...(await fetchPolicy(signal)), ...(incognito && { noStore: true }) }),
    fetchJson: async (url) => fetchJson(url, { ...(await fetchPolicy()), ...(incognito && { noStore: true }) }),
    store,
    sketcher: service,
    settings,
    hasAccess: hasPageAccess,
    save,
  };
}

/** A look's reach that saves no report (a look made at once is never shown as one). */
export const localReach = (service: SketchService, incognito: boolean) => (): ReturnType<typeof lostDeps> =>
  lostDeps(service, incognito, async () => undefined);
