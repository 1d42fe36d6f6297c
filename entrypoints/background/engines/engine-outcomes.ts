import { browser } from 'wxt/browser';
import { ENGINE_OUTCOMES_KEY, type EngineOutcome, readOutcomes, withOutcome } from '../../../lib/engines/outcomes';

/** Writes one after another: two tabs' pages read at once must not undo each other's entry. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Records an engine's last outcome (issue #27) in storage.local, for the options to show. Nothing is
 * recorded from a private window. Never throws: a failed write loses one note, not the page's groups.
 */
export function noteOutcome(engine: string, outcome: EngineOutcome, incognito: boolean, at = Date.now()): Promise<void> {
  if (incognito || !engine) return Promise.resolve();
  const step = queue.then(async () => {
    const got = await browser.storage.local.get(ENGINE_OUTCOMES_KEY);
    const prev = readOutcomes(got[ENGINE_OUTCOMES_KEY]);
    if (prev[engine]?.outcome === outcome && prev[engine].at === at) return;
    await browser.storage.local.set({ [ENGINE_OUTCOMES_KEY]: withOutcome(prev, engine, outcome, at) });
  });
  queue = step.catch(() => undefined);
  return queue as Promise<void>;
}

/** Forgets every engine's last outcome (with the cache: what pages were read is history too). */
export function clearOutcomes(): Promise<void> {
  const step = queue.then(() => browser.storage.local.remove(ENGINE_OUTCOMES_KEY));
  queue = step.catch(() => undefined);
  return queue as Promise<void>;
}
