import { browser } from 'wxt/browser';
import { t } from '../shared/i18n';

/**
 * Where archive lookups go (issue #7): the Wayback Machine's availability API and its snapshots. Asked
 * for only when the user turns archive lookups on; the background may check them with
 * `permissions.contains` before asking the archive anything.
 */
export const ARCHIVE_ORIGINS = ['https://archive.org/*', 'https://web.archive.org/*'];

/**
 * Asks for access to the Internet Archive. Must be called straight from the user's click or change,
 * before any other await: browsers only show the prompt during a user action. Resolves to whether it
 * was granted (already granted, e.g. with page checking's access to every site, resolves true at once).
 */
export function requestArchiveAccess(): Promise<boolean> {
  return browser.permissions.request({ origins: ARCHIVE_ORIGINS });
}

export const archiveRefused = (): string => t('options_archive_refused');
