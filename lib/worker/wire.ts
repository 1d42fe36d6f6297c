/**
 * The port between the background and the offscreen document that hosts the Worker (Chrome).
 * Extension ports serialize messages as JSON in Chrome, so a Uint8Array would arrive as an object of
 * numbered keys: sketch bytes cross this hop as base64 (1.33× their size; ~2.3 KB for a page sketch).
 *
 *   background → offscreen: {t: 'req', req: WorkerRequest} | {t: 'restart'}
 *   offscreen → background: {t: 'hello'} (once, when the port is accepted) | {t: 'res', res: wire response}
 *                          | {t: 'idle'} (nothing in flight for a while: close the document if nothing is on the way)
 */
import { type WorkerRequest, type WorkerResponse, isRecord } from './protocol';

export const PORT_NAME = 'sketch-worker';

export type ToHost = { t: 'req'; req: WorkerRequest } | { t: 'restart' };
export type FromHost = { t: 'hello' } | { t: 'res'; res: unknown } | { t: 'idle' };

export function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  const STEP = 0x8000;
  for (let i = 0; i < bytes.length; i += STEP) s += String.fromCharCode.apply(null, bytes.subarray(i, i + STEP) as unknown as number[]);
  return btoa(s);
}

export function base64ToBytes(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** A response as it goes on the port: each result's bytes as a base64 string `b64`. */
export function encodeResponse(resp: WorkerResponse): unknown {
  if (!resp.ok || !('results' in resp)) return resp;
  return {
    ...resp,
    results: resp.results.map((r) => (r.ok ? { ok: true, b64: bytesToBase64(r.bytes), tokens: r.tokens, truncated: r.truncated } : r)),
  };
}

/**
 * The response back from the port: base64 results become bytes again. Anything else is passed on
 * unchanged for the client to check (a malformed result stays malformed and is refused there).
 */
export function decodeResponse(msg: unknown): unknown {
  if (!isRecord(msg) || !Array.isArray(msg.results)) return msg;
  return {
    ...msg,
    results: msg.results.map((r: unknown) => {
      if (!isRecord(r) || r.ok !== true || typeof r.b64 !== 'string') return r;
      try {
        const { b64, ...rest } = r;
        return { ...rest, bytes: base64ToBytes(b64 as string) };
      } catch {
        return r; // not base64: refused by the client's check
      }
    }),
  };
}
