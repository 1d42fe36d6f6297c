import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { TOGGLE_DISPLAY_COMMAND } from '../../lib/first-run';

/** The shortcut as this browser has it: the user may have changed it, or another extension taken it. */
export function ShortcutLine() {
  const [key, setKey] = useState<string>();
  useEffect(() => {
    void browser.commands
      ?.getAll()
      .then((all) => setKey(all.find((c) => c.name === TOGGLE_DISPLAY_COMMAND)?.shortcut || ''))
      .catch(() => setKey(''));
  }, []);
  if (key === undefined) return null;
  return (
    <p data-testid="welcome-shortcut">
      {key ? (
        <>
          On a results page, <kbd>{key}</kbd> switches between collapsing copies and only flagging them.
        </>
      ) : (
        'A keyboard shortcut can switch results pages between collapsing copies and only flagging them: set one in your browser’s extension shortcut settings.'
      )}
    </p>
  );
}
