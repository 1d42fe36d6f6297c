import type { Handlers } from '../../../lib/messages';
import { browser } from 'wxt/browser';
import { pageResults } from '../tab/page-results';
import { regroup } from '../tab/regroup';
import { regroupForChoice } from '../tab/choice-regroup';
import { startChecks } from '../tab/check-pages';
import { findCopies } from '../lost/lost-found';
import { openLostAndFoundFrom } from '../browser-ui/link-menu';
import { tabFor } from '../tab/tabs';
import { sameAsCards } from '../tab/same-as';
import { lastPreview } from '../settings/preview';
import type { SketchService } from '../worker/sketch-service';
import { applyLimits, storeFor } from '../worker/store-access';
import { readSettings, writeSettings } from '../../../shared/settings';
import { popupState } from '../tab/popup-state';
import { forgetBoilerplate } from '../tab/past-boilerplate';
import { clearNotACopy, listNotACopy, markNotACopy, undoNotACopy } from '../choices/not-a-copy';
import { clearOutcomes } from '../engines/engine-outcomes';
import { acceptHere, acceptedHere, writtenHere } from '../engines/accepted-here';
import { syncRuntimeScripts } from '../engines/searxng';
import { addList, clearEvidence, findSite, forgetList, readCopycats, rebuildCopycats, setVerdict } from '../copycat/copycat-evidence';
import { siteOf } from '../../../lib/copycat/site';
import { parseSiteList } from '../../../lib/copycat/ruleset';
import { acceptSub, addSub, editSub, listSubs, removeSub, updateSub } from '../copycat/subscriptions';
import { privateVerdict } from '../sync/choice-sync';
import { setSyncOn, syncStatus } from '../sync/sync-switch';
import { cancelPageCopies, pageCopies, startPageCopies } from '../lost/page-copies';

/** The results a tab's page showed, as the background has them (never addresses a page names). */
const resultsOf = async (tabId: number) => (await tabFor(tabId).view())?.results ?? [];

export function createHandlers(service: SketchService): Handlers {
  return {
    'page/results': (p, ctx) => pageResults(p, ctx, startChecks),
    // The page's settings changed (it saw them in storage): its groups under them.
    'page/groups': async (_, ctx) => (await regroup(tabFor(ctx.tabId!), ctx.incognito, { kind: 'inputs' }))?.groups ?? null,
    'settings/get': () => readSettings(),
    // The router checked the patch (lib/messages.ts): handlers get only what passed.
    'settings/set': async (patch) => {
      const before = patch.addedEngines || patch.searxngHosts ? await readSettings() : undefined;
      const next = await writeSettings(patch);
      // Engines and SearXNG hosts added here are accepted here (issue #38), their scripts registered now.
      if (before) await writtenHere(before, next).then(syncRuntimeScripts, () => undefined);
      await applyLimits();
      // The copycat rule's thresholds (or the measures' own) changed: the results pages' table follows.
      if (patch.copycatMinOriginals !== undefined || patch.copycatMinSites !== undefined) await rebuildCopycats();
      return next;
    },
    'engines/here': () => acceptedHere(),
    'engines/accept': async ({ kind, host }) => {
      const here = await acceptHere(kind, host);
      await syncRuntimeScripts();
      return here;
    },
    'cache/usage': async (_, ctx) => (await storeFor(ctx.incognito)).usage(),
    'cache/clear': async (_, ctx) => {
      const cleared = await (await storeFor(ctx.incognito)).clear();
      // The boilerplate is counted from the cache's past results pages (incognito pages never teach it).
      if (!ctx.incognito) await forgetBoilerplate().catch(() => undefined);
      await clearNotACopy(ctx.incognito).catch(() => undefined);
      // The pages open now group as if no choice had been made.
      await regroupForChoice(undefined, { privateOnly: ctx.incognito }).catch(() => null);
      // Copycat evidence is measured from the cache's pages: it goes with them (never kept for private windows).
      if (!ctx.incognito) await clearEvidence();
      // How each engine's pages were last read goes too (never recorded from private windows).
      if (!ctx.incognito) await clearOutcomes();
      return { cleared };
    },
    'tab/state': ({ tabId }) => popupState(tabId),
    'copycat/state': () => readCopycats(),
    'copycat/verdict': ({ site, verdict }, ctx) => {
      // A word is kept on a site only; undoing one is always allowed, even on a name that is not a site
      // (a public suffix an older version or another device stored): the user is never stuck with it.
      const s = siteOf(site) ?? (verdict === 'none' ? site.trim().toLowerCase() : undefined);
      if (!s) throw new Error(`${site} is not a site (a registrable domain such as example.com, never a public suffix such as com or co.uk)`);
      // A private window's word stays on this device: kept out of the synced choices (issue #30).
      return ctx.incognito ? privateVerdict(s, verdict, () => setVerdict(s, verdict)) : setVerdict(s, verdict);
    },
    'copycat/import': async ({ name, text }) => {
      const parsed = parseSiteList(text);
      if (!parsed.ok) return { code: parsed.code, error: parsed.error, bad: parsed.bad.slice(0, 50), unusable: parsed.bad.length };
      const listName = parsed.name ?? name;
      // Past the lists' budget (issue #38) the import is refused with why; the lists kept stay.
      return { state: await addList(listName, parsed.sites), name: listName, sites: parsed.sites.length, bad: parsed.bad.slice(0, 50) };
    },
    'copycat/forget-list': ({ name }) => forgetList(name),
    'copycat/site': ({ site }) => findSite(site),
    'subs/list': () => listSubs(),
    'subs/add': (p) => addSub(p),
    'subs/edit': (p) => editSub(p),
    'subs/remove': ({ url }) => removeSub(url),
    'subs/update': ({ url }) => updateSub(url),
    'subs/accept': ({ url }) => acceptSub(url),
    'sync/status': () => syncStatus(),
    'sync/set': ({ on }) => setSyncOn(on),
    'preview/last': () => lastPreview(),
    // A private window's page (Firefox shows lost and found there) searches as private windows do.
    'lost/find': ({ url, again }, ctx) => findCopies(service, url, again === true, ctx.incognito),
    'lost/open': async ({ rank }, ctx) => {
      // The URL is the one this tab's page listed at that rank, never one the page names.
      const r = (await tabFor(ctx.tabId!).view())?.results.find((x) => x.rank === rank);
      return { opened: r ? await openLostAndFoundFrom(r.url, ctx.tabId) : false };
    },
    // "Not a copy": the pair is kept apart from now on; every tab showing it regroups (tab/choice-regroup.ts),
    // this page's groups in the answer.
    // Cards of other verticals that are the same pages as results (issue #41): kept with the tab's view, for the popup.
    'page/same-as': ({ url, ranks }, ctx) => sameAsCards(tabFor(ctx.tabId!), url, ranks),
    'page/not-a-copy': async ({ rank, of }, ctx) => {
      const choice = await markNotACopy(await resultsOf(ctx.tabId!), rank, of, ctx.incognito);
      return choice ? regroupForChoice(choice, { privateOnly: ctx.incognito, asking: ctx.tabId }) : null;
    },
    // The popup's "not a copy" (the tab id in the payload: a page has no tab of its own).
    'tab/not-a-copy': async ({ tabId, rank, of }) => {
      const tab = await browser.tabs.get(tabId).catch(() => undefined);
      const choice = tab && (await markNotACopy(await resultsOf(tabId), rank, of, tab.incognito === true));
      if (!choice) return { done: false };
      await regroupForChoice(choice, { privateOnly: tab.incognito === true });
      return { done: true };
    },
    'not-a-copy/list': () => listNotACopy(),
    // Undone in the options: the pages showing the pair regroup.
    'not-a-copy/undo': async ({ a, b }) => {
      const list = await undoNotACopy(a, b);
      await regroupForChoice({ a, b }, { privateOnly: false });
      return list;
    },
    'tab/check': async ({ tabId }) => {
      const tab = await browser.tabs.get(tabId).catch(() => undefined);
      if (!tab) return { started: false };
      void startChecks(tabId, tab.incognito === true);
      return { started: true };
    },
    // Copies of this page (issue #19): the address is the tab's, read by the background.
    'copies/start': ({ tabId }) => startPageCopies(service, tabId),
    'copies/get': ({ id, again }) => pageCopies(service, id, again === true),
    'copies/cancel': ({ id }) => cancelPageCopies(id),
  };
}
