import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { TOGGLE_DISPLAY_COMMAND } from '../lib/first-run';

/**
 * The display shortcut's key as this browser has it ('' when it has none: the user cleared it, or
 * another extension had it first; undefined while asking). The manifest only suggests a key.
 */
export function useDisplayShortcut(): string | undefined {
  const [key, setKey] = useState<string>();
  useEffect(() => {
    let live = true;
    const commands = browser.commands as typeof browser.commands | undefined; // none on Firefox for Android
    if (!commands) setKey('');
    else
      void commands
        .getAll()
        .then((all) => live && setKey(all.find((c) => c.name === TOGGLE_DISPLAY_COMMAND)?.shortcut || ''))
        .catch(() => live && setKey(''));
    return () => {
      live = false;
    };
  }, []);
  return key;
}
