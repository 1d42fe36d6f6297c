import { ENGINE_HEADS, ENGINE_IDS, type EngineId } from './heads';

/** Readable names of the built-in engines, from the engine table's heads (which keep pages light). */
export const ENGINE_NAMES = Object.fromEntries(ENGINE_HEADS.map((h) => [h.id, h.name])) as Record<EngineId, string>;

/**
 * An engine's readable name; an engine the user added ('added:<host>', lib/engines/added.ts) by the
 * name it was given in `added` (the settings' addedEngines), else its host; an id Resemble does not
 * know is shown as it is.
 */
export function engineName(id: string | undefined, added?: readonly { host: string; name: string }[]): string {
  if (!id) return 'search engine';
  if (id.startsWith('added:')) {
    const host = id.slice('added:'.length);
    return added?.find((a) => a.host === host)?.name || host;
  }
  return (ENGINE_IDS as readonly string[]).includes(id) ? ENGINE_NAMES[id as EngineId] : id;
}
