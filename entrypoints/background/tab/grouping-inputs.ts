/**
 * The background's read of what grouping a tab needs (lib/tab/inputs.ts, the same the content script
 * reads): the settings, the past boilerplate (counted in the Worker when nothing is cached yet) and
 * the "not a copy" pairs, a private window's own included.
 */
import { browser } from 'wxt/browser';
import type { Settings } from '../../../lib/settings';
import { type GroupingInputs, LOCAL_INPUT_KEYS, PRIVATE_NOT_A_COPY_KEY, groupingInputs } from '../../../lib/tab/inputs';
import { readSettings } from '../../../shared/settings';
import { sketchService } from '../worker/sketch-service';
import { storeFor } from '../worker/store-access';
import { isStale, refreshBoilerplate } from './past-boilerplate';

/** The inputs, and whether the cached boilerplate is due a recount (done after the page is answered). */
type Inputs = GroupingInputs & { stale: boolean };

/**
 * The inputs as last read, by kind of window, for the regroups of checked pages (several a page), with
 * the settings they were made from: the settings' own cache (shared/settings.ts, the one reader) hands
 * back the same object until they change, so a new object means new settings. The stored inputs
 * (boilerplate, "not a copy") are watched here. A batch of results and a regroup for new inputs always
 * read afresh.
 */
const lastRead = new Map<boolean, { settings: Settings; inputs: Promise<Inputs> }>();
browser.storage.onChanged.addListener((changes) => {
  if (Object.keys(changes).some((k) => (LOCAL_INPUT_KEYS as readonly string[]).includes(k) || k === PRIVATE_NOT_A_COPY_KEY)) lastRead.clear();
});

/**
 * `count`: whether a missing boilerplate is counted now; a regroup of checked pages uses the stored
 * grouping, so it need not, and takes the inputs as last read.
 */
export async function readInputs(incognito: boolean, count = true): Promise<Inputs> {
  const settings = await readSettings();
  const last = lastRead.get(incognito);
  if (!count && last?.settings === settings) return last.inputs;
  const inputs = readNow(settings, incognito, count);
  lastRead.set(incognito, { settings, inputs });
  inputs.catch(() => lastRead.get(incognito)?.inputs === inputs && lastRead.delete(incognito));
  return inputs;
}

async function readNow(settings: Settings, incognito: boolean, count: boolean): Promise<Inputs> {
  const [local, session] = await Promise.all([
    browser.storage.local.get([...LOCAL_INPUT_KEYS]),
    incognito ? browser.storage.session.get(PRIVATE_NOT_A_COPY_KEY) : undefined,
  ]);
  const inputs = groupingInputs(settings, local, session, incognito);
  const stale = inputs.boilerplate !== undefined && isStale(local, settings.snippetShingle);
  if (!inputs.boilerplate && count)
    inputs.boilerplate = await refreshBoilerplate(sketchService(), await storeFor(false), settings.snippetShingle).catch(() => undefined);
  return { ...inputs, stale };
}
