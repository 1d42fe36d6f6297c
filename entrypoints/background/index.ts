import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createHandlers } from './messages/handlers';
import { listen } from './messages/router';
import { sketchService } from './worker/sketch-service';
import { syncRuntimeScripts } from './engines/searxng';
import { installedHere } from './engines/accepted-here';
import { evictOld } from './worker/store-access';
import { keepSettingsHere, watchSettings, writeSettings } from '../../shared/settings';
import { cancelAllChecks, forgetTab, isResultsTab } from './tab/tabs';
import { evictClosedTabs } from './session/session-space';
import { installTestHook } from './test-hook';
import { installNetObserver, watchMainFrames } from './net/net-observer';
import { siteAddress } from './net/test-loopback';
import { mainFrameFailed } from './tab/dead-page';
import { LINK_MENU_ID, PAGE_MENU_ID, installLinkMenu, openLostAndFound } from './browser-ui/link-menu';
import { startPageCopies } from './lost/page-copies';
import { resumeChecks } from './tab/check-pages';
import { resumeLooks } from './tab/resume-looks';
import { PAGE_ORIGINS } from '../../lib/fetch/fetch-page';
import { welcomeOnInstall } from './browser-ui/welcome';
import { onDisplayCommand } from './browser-ui/display-shortcut';
import { watchPrivateWindows } from './private/private-windows';
import { migrateCopycats } from './copycat/copycat-evidence';
import { startChoiceSync } from './sync/choice-sync';
import { addSub, editSub, removeSub, watchSubscriptions } from './copycat/subscriptions';
import { setVerdicts } from './copycat/copycat-evidence';
import { applySyncedPairs } from './choices/not-a-copy';
import { regroupForChoice } from './tab/choice-regroup';

/** Set by wxt.config.ts (`define`): true only in a test build (RESEMBLE_TEST_BUILD=1), so a store build carries no test hook. */
declare const __RESEMBLE_TEST_BUILD__: boolean;

// Thin on purpose: everything it needs later lives in storage, IndexedDB or the offscreen document,
// so a service worker stopped mid-work starts again from here with nothing lost.
export default defineBackground({
  type: 'module',
  main() {
    const service = sketchService();
    listen(createHandlers(service));
    // The user's choices through the browser's sync (issue #30): listeners, and a reconcile at install and start-up.
    startChoiceSync({
      applyPairs: applySyncedPairs,
      regroup: (pair) => regroupForChoice(pair, { privateOnly: false }),
      setVerdicts,
      addSub,
      editSub,
      removeSub,
    });
    browser.tabs.onRemoved.addListener((tabId) => void forgetTab(tabId, true));
    // What private windows left in memory goes with the last of them (issue #28).
    watchPrivateWindows();
    // A tab loading another page forgets what the last one showed (its content script reports anew).
    browser.tabs.onUpdated.addListener((tabId, change) => {
      if (change.status === 'loading') void forgetTab(tabId);
    });
    // Custom SearXNG hosts and added engines: re-register when the lists or the granted permissions change.
    // Page checking turned off stops the fetches (the settings as read after the change, never the raw value).
    watchSettings((s) => {
      if (!s.pageChecking) cancelAllChecks();
    });
    browser.storage.onChanged.addListener((changes, area) => {
      if (!('settings' in changes)) return;
      // Another device's settings: this device's own copy keeps what this version can read of them (issue #38).
      if (area === 'sync') void keepSettingsHere().catch(() => undefined);
      void syncRuntimeScripts().catch(() => undefined);
    });
    // Access to sites taken back in the browser's settings: nothing more is fetched.
    browser.permissions.onRemoved.addListener((p) => {
      void syncRuntimeScripts().catch(() => undefined);
      if (p.origins?.some((o) => PAGE_ORIGINS.includes(o))) cancelAllChecks();
    });
    browser.permissions.onAdded.addListener((p) => {
      void syncRuntimeScripts().catch(() => undefined);
      // Only page checking asks for every site: granted, it is on — even if the popup that asked
      // closed while the browser's prompt was open (Firefox closes it).
      if (p.origins?.includes('https://*/*')) void writeSettings({ pageChecking: true, pageCheckingAsked: true }).catch(() => undefined);
    });
    // A fresh install: the engines and SearXNG hosts already synced are other devices' proposals (issue #38),
    // recorded so before the first sync.
    browser.runtime.onInstalled.addListener(
      ({ reason }) => void (reason === 'install' ? installedHere() : Promise.resolve()).then(syncRuntimeScripts).catch(() => undefined),
    );
    // Registered scripts persist across sessions in Chrome; in Firefox they may not: synced on every start.
    browser.runtime.onStartup.addListener(() => void syncRuntimeScripts().catch(() => undefined));
    // The age limit: old entries go when the browser starts (the size cap is kept on every write).
    browser.runtime.onStartup.addListener(() => void evictOld());
    installNetObserver(siteAddress);
    watchMainFrames((tabId, url, failure) => void mainFrameFailed(tabId, url, failure, service).catch(() => undefined));
    // "Find similar copy" on every link (issue #7): lost and found for that link.
    browser.runtime.onInstalled.addListener(() => void installLinkMenu());
    // "Find copies of this page" (issue #19): the clicked tab's page, its address read from the tab.
    browser.contextMenus?.onClicked.addListener((info, tab) => {
      if (info.menuItemId === LINK_MENU_ID && info.linkUrl)
        void openLostAndFound(info.linkUrl, { incognito: tab?.incognito === true, ...(tab && { windowId: tab.windowId }) });
      if (info.menuItemId === PAGE_MENU_ID && tab?.id !== undefined && tab.id >= 0) void startPageCopies(service, tab.id).catch(() => undefined);
    });
    // First run and the shortcut (issue #20): the welcome page on install only (not on updates); the
    // keyboard command switches copies between collapsed and flagged. No commands API on Firefox Android.
    browser.runtime.onInstalled.addListener(({ reason }) => void welcomeOnInstall(reason).catch(() => undefined));
    // An update: the copycat state is written again under today's rules and forms (issue #28: lists
    // packed, listed sites out of the per-site table, evidence read as today's), before any write would.
    browser.runtime.onInstalled.addListener(({ reason }) => void (reason === 'update' && migrateCopycats().catch(() => undefined)));
    // Subscribed copycat lists (issue #30): the hourly alarm's listener, registered at every start.
    watchSubscriptions();
    browser.commands?.onCommand.addListener((command, tab) => void onDisplayCommand(command, tab, isResultsTab).catch(() => undefined));
    // State of tabs closed while the service worker was stopped is dropped (storage.session is small);
    // then page checks and looks for dead pages' copies a stopped service worker left unfinished go on
    // (what they stored is not fetched again).
    void evictClosedTabs()
      .catch(() => undefined)
      .then(() => Promise.all([resumeChecks(), resumeLooks(service)]))
      .catch(() => undefined);
    if (__RESEMBLE_TEST_BUILD__) installTestHook(service);
  },
});
