/**
 * The sketch Worker: a dedicated Web Worker that answers sketch requests (lib/worker/protocol.ts).
 * Built by WXT as an unlisted script, `/sketch-worker.js` (a classic script: one IIFE, no imports), and
 * started with `new Worker(browser.runtime.getURL('/sketch-worker.js'))` by the offscreen document in
 * Chrome and by the background page in Firefox. It uses no extension API: only lib.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { type WorkerScope, serveWorker } from '../lib/worker/handle';
import { warmUpWorker } from '../lib/worker/warm-up';

export default defineUnlistedScript(() => {
  serveWorker(self as unknown as WorkerScope);
  // Compiled before the first fetched page comes (see warm-up.ts): requests are answered between rounds.
  warmUpWorker();
});
