import { browser } from 'wxt/browser';
import { t } from '../../../shared/i18n';

/** The toolbar button's API: `action` (MV3: Chrome), `browserAction` (MV2: Firefox, which has no `action` there). */
function toolbarButton(): typeof browser.action | undefined {
  return browser.action ?? (browser as unknown as { browserAction?: typeof browser.action }).browserAction;
}

/** The tab's own page is dead: a badge on the toolbar button, whose title says lost and found is offered. */
export async function badgeDeadPage(tabId: number): Promise<void> {
  const button = toolbarButton();
  await button?.setBadgeText({ tabId, text: '!' }).catch(() => undefined);
  await button?.setTitle({ tabId, title: t('bg_deadPage_title') }).catch(() => undefined);
}
