import { browser } from 'wxt/browser';
import { opensWelcome } from '../../../lib/first-run';

/** The first-run page (entrypoints/welcome): opened once, on install; resolves to whether it opened. */
export async function welcomeOnInstall(reason: string): Promise<boolean> {
  if (!opensWelcome(reason)) return false;
  await browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') });
  return true;
}
