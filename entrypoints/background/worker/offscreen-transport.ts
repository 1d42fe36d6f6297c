/**
 * `WorkerTransport` from the background (service worker) to the Worker in the offscreen document:
 * a runtime port the background opens (lib/worker/wire.ts). Opening it is lazy, on the first request:
 * the document is made sure of, the port connected, and requests queue until the document says hello.
 * The port lives only as long as this service worker; a restarted one simply connects again. The
 * offscreen document never connects out, so it cannot keep waking a stopped service worker.
 * Idle (issue #29): when the document says `idle` and every request sent on the port has its answer, the
 * document is closed; requests meanwhile queue and reopen it once it is gone. One sent but not yet
 * answered keeps it (the document may not have seen it yet), and it says `idle` again later.
 */
import { browser, type Browser } from 'wxt/browser';
import type { WorkerTransport } from '../../../lib/worker/client';
import type { WorkerRequest } from '../../../lib/worker/protocol';
import { type ToHost, PORT_NAME, decodeResponse } from '../../../lib/worker/wire';
import { messageId } from '../../../lib/worker/protocol';

/** Connection attempts before failing the requests (the document may be loading or just closed). */
const ATTEMPTS = 3;
const RETRY_MS = [0, 100, 400];
/** A port that connects but never says hello (should not happen) is given up after this. */
const HELLO_MS = 5_000;

/** The offscreen document's making and closing (offscreen-document.ts), given by the sketch service. */
export interface OffscreenTransportDeps {
  ensureDocument: () => Promise<void>;
  connect?: () => Browser.runtime.Port;
  closeDocument: () => Promise<void>;
}

type State = { s: 'idle' } | { s: 'connecting'; gen: number } | { s: 'open'; port: Browser.runtime.Port } | { s: 'closing' };

export function createOffscreenTransport(deps: OffscreenTransportDeps): WorkerTransport {
  const ensureDocument = deps.ensureDocument;
  const connect = deps.connect ?? (() => browser.runtime.connect({ name: PORT_NAME }));
  const closeDocument = deps.closeDocument;
  const messageCbs: ((msg: unknown) => void)[] = [];
  const failureCbs: ((reason: string) => void)[] = [];
  let state: State = { s: 'idle' };
  let gen = 0;
  let queue: ToHost[] = [];
  /** Ids sent on the open port and not answered yet. */
  const unanswered = new Set<number>();

  const fail = (reason: string) => {
    state = { s: 'idle' };
    queue = [];
    unanswered.clear();
    for (const cb of failureCbs) cb(reason);
  };

  /** The document found itself idle: closed if nothing is on the way to or from it. */
  const closeIfIdle = (port: Browser.runtime.Port) => {
    if (state.s !== 'open' || state.port !== port || unanswered.size > 0 || queue.length > 0) return;
    state = { s: 'closing' };
    try {
      port.disconnect();
    } catch {
      // already closed
    }
    void closeDocument()
      .catch(() => undefined)
      .then(() => {
        if (state.s !== 'closing') return;
        state = { s: 'idle' };
        // What came meanwhile opens a new document.
        if (queue.length) begin();
      });
  };

  const begin = () => {
    const my = ++gen;
    state = { s: 'connecting', gen: my };
    void start(my);
  };

  /** One attempt: resolves with a port that said hello, or null if it disconnected first. */
  const open = (): Promise<Browser.runtime.Port | null> =>
    new Promise((resolve) => {
      const port = connect();
      let done = false;
      const finish = (ok: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        port.onMessage.removeListener(onHello);
        port.onDisconnect.removeListener(onGone);
        if (!ok) {
          try {
            port.disconnect();
          } catch {
            // already closed
          }
        }
        resolve(ok ? port : null);
      };
      const onHello = (msg: unknown) => {
        if ((msg as { t?: unknown } | null)?.t === 'hello') finish(true);
      };
      const onGone = () => {
        void browser.runtime.lastError; // "Receiving end does not exist" when the document is not listening yet
        finish(false);
      };
      const timer = setTimeout(() => finish(false), HELLO_MS);
      port.onMessage.addListener(onHello);
      port.onDisconnect.addListener(onGone);
    });

  const start = async (my: number) => {
    let why = 'no answer from the offscreen document';
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (RETRY_MS[attempt]) await new Promise((r) => setTimeout(r, RETRY_MS[attempt]));
      if (gen !== my) return;
      try {
        await ensureDocument();
      } catch (e) {
        why = `could not create the offscreen document: ${e instanceof Error ? e.message : String(e)}`;
        continue;
      }
      if (gen !== my) return;
      const port = await open();
      if (gen !== my) {
        port?.disconnect();
        return;
      }
      if (!port) continue;
      state = { s: 'open', port };
      port.onMessage.addListener((msg: unknown) => {
        const m = msg as { t?: unknown; res?: unknown } | null;
        if (m?.t === 'idle') closeIfIdle(port);
        if (m?.t !== 'res') return;
        const id = messageId(m.res);
        if (id !== undefined) unanswered.delete(id);
        for (const cb of messageCbs) cb(decodeResponse(m.res));
      });
      port.onDisconnect.addListener(() => {
        void browser.runtime.lastError;
        if (state.s === 'open' && state.port === port) fail('the offscreen document disconnected');
      });
      const pending = queue;
      queue = [];
      for (const m of pending) post(port, m);
      return;
    }
    if (gen === my) fail(why);
  };

  const post = (port: Browser.runtime.Port, m: ToHost) => {
    if (m.t === 'req') unanswered.add(m.req.id);
    port.postMessage(m);
  };

  const send = (m: ToHost) => {
    if (state.s === 'open') {
      post(state.port, m);
      return;
    }
    queue.push(m);
    if (state.s === 'idle') begin();
  };

  return {
    post(msg: WorkerRequest) {
      send({ t: 'req', req: msg });
    },
    onMessage(cb) {
      messageCbs.push(cb);
    },
    onFailure(cb) {
      failureCbs.push(cb);
    },
    restart() {
      unanswered.clear(); // settled by the client, or sent again under new ids
      if (state.s === 'open') {
        // The document stays; it replaces its Worker and forgets this port's requests.
        try {
          state.port.postMessage({ t: 'restart' });
        } catch {
          // The port is dead (its disconnect not yet delivered): connect afresh next time.
          const port = state.port;
          state = { s: 'idle' };
          try {
            port.disconnect();
          } catch {
            // closed
          }
        }
      } else if (state.s === 'closing') {
        queue = []; // the client re-sends what it still wants: they reopen the document once it is gone
      } else if (state.s === 'connecting') {
        // Nothing reached a Worker yet: drop the queue (the client re-sends what it still wants) and
        // start over on the next post.
        gen++;
        queue = [];
        state = { s: 'idle' };
      }
    },
  };
}
