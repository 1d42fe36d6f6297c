import { browser } from 'wxt/browser';
import { PAGE_ORIGINS } from '../../../lib/fetch/fetch-page';

/** Whether page checking's access to every site is granted (asked for when page checking is turned on). */
export async function hasPageAccess(): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: PAGE_ORIGINS });
  } catch {
    return false;
  }
}
