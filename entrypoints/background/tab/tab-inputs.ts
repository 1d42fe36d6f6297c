/**
 * The background's read of what grouping a tab needs (lib/tab/inputs.ts, the same the content script
 * reads): the settings, the past boilerplate (counted in the Worker when nothing is cached yet) and
 * the "not a copy" pairs, a private window's own included.
 */
import { browser } from 'wxt/browser';
import { type GroupingInputs, LOCAL_INPUT_KEYS, PRIVATE_NOT_A_COPY_KEY, groupingInputs } from '../../../lib/tab/inputs';
import { readSettings } from '../../../shared/settings';
import type { SketchService } from '../worker/sketch-service';
import { storeFor } from '../worker/store-access';
import { isStale, refreshBoilerplate } from './past-boilerplate';

/** The inputs, and whether the cached boilerplate is due a recount (done after the page is answered). */
/** `count`: whether a missing boilerplate is counted now (a regroup of checked pages uses the stored grouping: it need not). */
export async function readInputs(service: SketchService, incognito: boolean, count = true): Promise<GroupingInputs & { stale: boolean }> {
  const [local, session, settings] = await Promise.all([
    browser.storage.local.get([...LOCAL_INPUT_KEYS]),
    incognito ? browser.storage.session.get(PRIVATE_NOT_A_COPY_KEY) : undefined,
    readSettings(),
  ]);
  const inputs = groupingInputs(settings, local, session, incognito);
  const stale = inputs.boilerplate !== undefined && isStale(local, settings.snippetShingle);
  if (!inputs.boilerplate && count)
    inputs.boilerplate = await refreshBoilerplate(service, await storeFor(false), settings.snippetShingle).catch(() => undefined);
  return { ...inputs, stale };
}
