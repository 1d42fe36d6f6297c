import type { DisplayMode } from './settings';

/**
 * Whether `runtime.onInstalled` opens the welcome page: on a first install only. An update of
 * Resemble ('update') or of the browser ('browser_update', Chrome's 'shared_module_update') finds a
 * user who has seen it, and a page opening after every update would be noise.
 */
export function opensWelcome(reason: string): boolean {
  return reason === 'install';
}

/** The keyboard command (manifest `commands`) that switches copies between collapsed and flagged. */
export const TOGGLE_DISPLAY_COMMAND = 'toggle-display-mode';

/**
 * What the shortcut switches the display mode to: collapse ↔ flag. 'off' stays off: the user turned
 * Resemble's marks off in the options, and a key pressed by chance must not bring them back.
 */
export function toggledDisplayMode(mode: DisplayMode): DisplayMode | undefined {
  if (mode === 'collapse') return 'flag';
  if (mode === 'flag') return 'collapse';
  return undefined;
}
