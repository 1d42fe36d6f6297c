import { browser } from 'wxt/browser';
import { useEffect, useState } from 'preact/hooks';
import { ENGINE_OUTCOMES_KEY, type EngineOutcomes, type OutcomeEntry, readOutcomes } from '../lib/engines/outcomes';
import { ago, t } from '../shared/i18n';

/** How often the relative times ("5 min ago") are said again while the page stays open. */
const TICK_MS = 60_000;

/**
 * Each engine's last outcome (issue #27) as the background records it in storage.local, read again
 * whenever it changes there (a results page read in another tab shows at once).
 */
export function useEngineOutcomes(): { outcomes: EngineOutcomes; now: number } {
  const [outcomes, setOutcomes] = useState<EngineOutcomes>({});
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let live = true;
    const load = () =>
      browser.storage.local.get(ENGINE_OUTCOMES_KEY).then(
        (got) => live && (setOutcomes(readOutcomes(got[ENGINE_OUTCOMES_KEY])), setNow(Date.now())),
        () => undefined,
      );
    void load();
    const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area !== 'local' || !Object.hasOwn(changes, ENGINE_OUTCOMES_KEY)) return;
      setOutcomes(readOutcomes(changes[ENGINE_OUTCOMES_KEY].newValue));
      setNow(Date.now());
    };
    browser.storage?.onChanged.addListener(onChanged);
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      live = false;
      clearInterval(tick);
      browser.storage?.onChanged.removeListener(onChanged);
    };
  }, []);
  return { outcomes, now };
}

/** "read by its definition · 5 min ago", "read by structure · yesterday", "not read · …", "not seen yet". */
export function outcomeWords(e: OutcomeEntry | undefined, now = Date.now()): string {
  if (!e) return t('read_options_unseen');
  const when = ago(e.at, now);
  switch (e.outcome) {
    case 'spec':
      return t('read_options_spec', when);
    case 'structure':
      return t('read_options_structure', when);
    case 'none':
      return t('read_options_none', when);
  }
}
