/**
 * The background's read of what grouping a tab needs (lib/tab/inputs.ts, the same the content script
 * reads): the settings, the past boilerplate (counted in the Worker when nothing is cached yet) and
 * the "not a copy" pairs, a private window's own included.
 */
import { browser } from 'wxt/browser';
import { type GroupingInputs, LOCAL_INPUT_KEYS, PRIVATE_NOT_A_COPY_KEY, groupingInputs } from '../../../lib/tab/inputs';
import { readSettings, settingsChanged } from '../../../shared/settings';
import { sketchService } from '../worker/sketch-service';
import { storeFor } from '../worker/store-access';
import { isStale, refreshBoilerplate } from './past-boilerplate';

/** The inputs, and whether the cached boilerplate is due a recount (done after the page is answered). */
type Inputs = GroupingInputs & { stale: boolean };

/**
 * The inputs as last read, by kind of window, for the regroups of checked pages (several a page): read
 * again once any of them changes. A batch of results and a regroup for new inputs always read afresh.
 */
const lastRead = new Map<boolean, Promise<Inputs>>();
browser.storage.onChanged.addListener((changes, area) => {
  const keys = Object.keys(changes);
  if (
    area === 'sync' ||
    settingsChanged(changes, area) ||
    keys.some((k) => (LOCAL_INPUT_KEYS as readonly string[]).includes(k) || k === PRIVATE_NOT_A_COPY_KEY)
  )
    lastRead.clear();
});

/**
 * `count`: whether a missing boilerplate is counted now; a regroup of checked pages uses the stored
 * grouping, so it need not, and takes the inputs as last read.
 */
export function readInputs(incognito: boolean, count = true): Promise<Inputs> {
  if (count) {
    const fresh = readNow(incognito, true);
    lastRead.set(incognito, fresh);
    return fresh;
  }
  let last = lastRead.get(incognito);
  if (!last) {
    last = readNow(incognito, false);
    lastRead.set(incognito, last);
    last.catch(() => lastRead.delete(incognito));
  }
  return last;
}

async function readNow(incognito: boolean, count: boolean): Promise<Inputs> {
  const [local, session, settings] = await Promise.all([
    browser.storage.local.get([...LOCAL_INPUT_KEYS]),
    incognito ? browser.storage.session.get(PRIVATE_NOT_A_COPY_KEY) : undefined,
    readSettings(),
  ]);
  const inputs = groupingInputs(settings, local, session, incognito);
  const stale = inputs.boilerplate !== undefined && isStale(local, settings.snippetShingle);
  if (!inputs.boilerplate && count)
    inputs.boilerplate = await refreshBoilerplate(sketchService(), await storeFor(false), settings.snippetShingle).catch(() => undefined);
  return { ...inputs, stale };
}
