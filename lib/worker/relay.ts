/**
 * The offscreen document's side of the port (see ./wire): requests from the background go to the Worker
 * under the relay's own ids (a restarted service worker counts from 1 again, so its ids may repeat ones
 * still in flight for the old port), and answers go back to the port that asked.
 * The Worker crashing fails every request in flight with WORKER_CRASHED (the transport then starts a new
 * Worker for the next request). The caller checks who may attach a port (`attach` trusts it).
 * With `idle` (issue #29), the document closes after `idle.ms` with nothing in flight: by itself when no
 * background is attached (a stopped service worker), else the background is told `{t: 'idle'}` and closes
 * it when it has nothing on the way (only it knows what it sent that has not arrived yet).
 */
import type { WorkerTransport } from './client';
import { type Timers, idleTimer } from './idle';
import { type ErrorInfo, type SerpResponse, type WorkerOp, errorInfo, isRecord, messageId, parseWorkerRequest, parseWorkerResponse } from './protocol';
import { type FromHost, encodeResponse } from './wire';

export interface RelayPort {
  postMessage(msg: FromHost): void;
  onMessage(cb: (msg: unknown) => void): void;
  onDisconnect(cb: () => void): void;
  /** Closes the port (a port arriving while the document closes is refused at once, so its sender retries). */
  disconnect?(): void;
}

export interface RelayIdle {
  ms: number;
  /** Closes the document (window.close in the offscreen document). */
  close(): void;
  timers?: Timers;
}

interface Route {
  port: RelayPort;
  id: number;
  op: WorkerOp;
  items: number;
}

export interface Relay {
  attach(port: RelayPort): void;
  /** Requests in flight in the Worker. */
  readonly inFlight: number;
}

/** A results page read with lib's extractor where a DOM parser is. */
export type ExtractSerp = (html: string, url: string) => SerpResponse['serp'];

export function createRelay(transport: WorkerTransport, extractSerp?: ExtractSerp, idle?: RelayIdle): Relay {
  let nextId = 1;
  const routes = new Map<number, Route>();
  const ports = new Set<RelayPort>();
  let closing = false;
  const timer = idle
    ? idleTimer(
        idle.ms,
        () => {
          if (routes.size > 0) return;
          if (ports.size === 0) {
            closing = true;
            timer?.stop();
            idle.close();
            return;
          }
          for (const port of ports) {
            try {
              port.postMessage({ t: 'idle' });
            } catch {
              // going away: its disconnect follows
            }
          }
          // Counted again: a background that declines (or stops meanwhile) leaves it to the next round.
          touch();
        },
        idle.timers,
      )
    : undefined;
  const touch = () => timer?.touch(routes.size);
  touch();

  const reply = (port: RelayPort, id: number, error: ErrorInfo) => {
    try {
      port.postMessage({ t: 'res', res: { id, ok: false, error } });
    } catch {
      // the port is gone; nobody to tell
    }
  };

  /** Drops the routes of `port` (silently) and fails the others' with `why`: the worker is going away. */
  const abandon = (port: RelayPort | undefined, why: string) => {
    for (const [wid, r] of routes) {
      routes.delete(wid);
      if (r.port !== port) reply(r.port, r.id, errorInfo('WORKER_CRASHED', why));
    }
  };

  transport.onMessage((msg) => {
    const wid = messageId(msg);
    const r = wid === undefined ? undefined : routes.get(wid);
    if (!r || wid === undefined) return;
    routes.delete(wid);
    touch();
    const parsed = parseWorkerResponse(msg, r.op, r.items);
    const res = parsed.ok ? encodeResponse({ ...parsed.value, id: r.id }) : { id: r.id, ok: false, error: parsed.error };
    try {
      r.port.postMessage({ t: 'res', res });
    } catch {
      // disconnected meanwhile
    }
  });

  transport.onFailure((reason) => {
    abandon(undefined, `the sketch worker crashed: ${reason}`);
    touch();
  });

  return {
    attach(port) {
      if (closing) {
        port.disconnect?.();
        return;
      }
      ports.add(port);
      port.onMessage((msg) => {
        if (!isRecord(msg)) return;
        touch();
        if (msg.t === 'restart') {
          // The background gave up on a hung worker: its own requests are already settled there.
          abandon(port, 'the sketch worker was restarted after another request timed out');
          transport.restart();
          touch();
          return;
        }
        if (msg.t !== 'req') return;
        const parsed = parseWorkerRequest(msg.req);
        if (!parsed.ok) {
          if (parsed.id !== undefined) reply(port, parsed.id, parsed.error);
          return;
        }
        const req = parsed.value;
        if (req.op === 'serp') {
          const id = req.id;
          try {
            if (!extractSerp) throw new Error('no results-page reader here');
            const serp = extractSerp(req.html, req.url);
            port.postMessage({ t: 'res', res: { id, ok: true, serp } });
          } catch (e) {
            reply(port, id, errorInfo('EXTRACT_FAILED', `could not read the results page: ${e instanceof Error ? e.message : String(e)}`));
          }
          return;
        }
        const wid = nextId++;
        routes.set(wid, { port, id: req.id, op: req.op, items: req.op === 'sketch' ? req.items.length : 0 });
        touch();
        try {
          transport.post({ ...req, id: wid });
        } catch (e) {
          routes.delete(wid);
          touch();
          reply(port, req.id, errorInfo('POST_FAILED', `could not reach the sketch worker: ${e instanceof Error ? e.message : String(e)}`));
        }
      });
      port.onDisconnect(() => {
        // A stopped service worker will not read these answers: drop its work, and if the Worker was
        // busy only for it, restart the Worker rather than let it finish for nobody.
        let had = false;
        for (const [wid, r] of routes) {
          if (r.port === port) {
            routes.delete(wid);
            had = true;
          }
        }
        if (had && routes.size === 0) transport.restart();
        ports.delete(port);
        touch();
      });
      port.postMessage({ t: 'hello' });
    },
    get inFlight() {
      return routes.size;
    },
  };
}
