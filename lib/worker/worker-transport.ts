/**
 * A `WorkerTransport` over a dedicated Worker made by a factory (Firefox's background page and the
 * offscreen document in Chrome both use it). The worker is created on first use; an uncaught error in it
 * (the `error` event: a worker keeps running after one, but its state is suspect and a request may never
 * be answered) or a `messageerror` counts as a crash: the worker is terminated and failure reported; the
 * next `post` creates a new one.
 */
import type { WorkerTransport } from './client';
import type { WorkerRequest } from './protocol';

/** The part of a DOM Worker used here. */
export interface WorkerLike {
  postMessage(msg: unknown, transfer: Transferable[]): void;
  terminate(): void;
  addEventListener(type: 'message' | 'messageerror' | 'error', cb: (ev: { data?: unknown; message?: string; preventDefault?(): void }) => void): void;
}

export interface WorkerTransportExtra extends WorkerTransport {
  /** Terminates the worker (if any) without reporting a failure. */
  close(): void;
  /** Whether a worker is running now. */
  readonly running: boolean;
}

export function createWorkerTransport(create: () => WorkerLike): WorkerTransportExtra {
  let worker: WorkerLike | undefined;
  const messageCbs: ((msg: unknown) => void)[] = [];
  const failureCbs: ((reason: string) => void)[] = [];

  const stop = () => {
    const w = worker;
    worker = undefined;
    try {
      w?.terminate();
    } catch {
      // already gone
    }
  };

  const start = (): WorkerLike => {
    const w = create();
    worker = w;
    // Events of a replaced worker are ignored: only the current one speaks for the transport.
    w.addEventListener('message', (ev) => {
      if (worker === w) for (const cb of messageCbs) cb(ev.data);
    });
    const crashed = (reason: string) => {
      if (worker !== w) return;
      stop();
      for (const cb of failureCbs) cb(reason);
    };
    w.addEventListener('error', (ev) => {
      ev.preventDefault?.(); // handled here; not also reported as the host page's uncaught error
      crashed(`uncaught error in the worker: ${ev.message ?? 'unknown'}`);
    });
    w.addEventListener('messageerror', () => crashed('a message from the worker could not be read'));
    return w;
  };

  return {
    post(msg: WorkerRequest, transfer: Transferable[] = []) {
      (worker ?? start()).postMessage(msg, transfer);
    },
    onMessage(cb) {
      messageCbs.push(cb);
    },
    onFailure(cb) {
      failureCbs.push(cb);
    },
    restart() {
      stop(); // the next post starts a fresh worker
    },
    close: stop,
    get running() {
      return worker !== undefined;
    },
  };
}
