import type { Reader } from './types';

/**
 * Each engine's last results page, as it was read (issue #27, "never silent"): by the engine's
 * definition ('spec'), by the page's structure ('structure'), or not read although it was the engine's
 * results page ('none'). The background keeps it in storage.local under ENGINE_OUTCOMES_KEY (never from
 * a private window); the options show it. One entry per engine: the record stays small.
 */
export const ENGINE_OUTCOMES_KEY = 'engineOutcomes';

export type EngineOutcome = Reader | 'none';

export interface OutcomeEntry {
  outcome: EngineOutcome;
  /** When (epoch ms). */
  at: number;
}

export type EngineOutcomes = Record<string, OutcomeEntry>;

/** Engines kept at most (built-in and added ones): past it, the least recently seen go. */
export const MAX_OUTCOMES = 64;
/** The longest engine id kept (an added engine's is 'added:<host>'). */
const MAX_ID = 300;

const OUTCOMES: readonly string[] = ['spec', 'structure', 'none'];

/** A results page's outcome: its reader when it gave results, else 'none'. */
export function outcomeOf(results: number, reader: Reader | undefined): EngineOutcome {
  return results > 0 ? (reader ?? 'spec') : 'none';
}

/** The record as storage holds it, checked: entries of another shape (an older version, a bad write) are left out. */
export function readOutcomes(stored: unknown): EngineOutcomes {
  const out: EngineOutcomes = {};
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return out;
  for (const [id, e] of Object.entries(stored as Record<string, unknown>)) {
    if (!id || id.length > MAX_ID || !e || typeof e !== 'object') continue;
    const { outcome, at } = e as Record<string, unknown>;
    if (typeof outcome === 'string' && OUTCOMES.includes(outcome) && typeof at === 'number' && Number.isFinite(at) && at >= 0) {
      out[id] = { outcome: outcome as EngineOutcome, at };
    }
  }
  return out;
}

/**
 * The record with `engine`'s outcome replaced (one entry per engine), the least recently seen engines
 * dropped past MAX_OUTCOMES. An empty or overlong id changes nothing.
 */
export function withOutcome(prev: EngineOutcomes, engine: string, outcome: EngineOutcome, at: number): EngineOutcomes {
  if (!engine || engine.length > MAX_ID) return prev;
  const next: EngineOutcomes = { ...prev, [engine]: { outcome, at } };
  const others = Object.keys(next).filter((id) => id !== engine);
  if (others.length < MAX_OUTCOMES) return next;
  const keep = new Set([engine, ...others.sort((a, b) => next[b].at - next[a].at).slice(0, MAX_OUTCOMES - 1)]);
  return Object.fromEntries(Object.entries(next).filter(([id]) => keep.has(id)));
}
