/**
 * Offscreen document (Chrome, reason WORKERS): hosts the sketch Worker, which a service worker cannot
 * create. The background opens a port to it (name 'sketch-worker', see lib/worker/wire.ts) whenever it
 * needs one (after a service-worker restart too); this page never connects out, so it does not wake a
 * stopped service worker. Only the extension's own background may attach; the Worker is created on the
 * first request and again after a crash (lib/worker/relay.ts). Idle for the period in its URL (`?idle=ms`,
 * issue #29), it closes: by itself when no background is attached, else through the background.
 */
import { browser, type Browser } from 'wxt/browser';
import { extractSerp } from '../../lib/page/extract-serp';
import { WORKER_IDLE_MS } from '../../lib/worker/idle';
import { createRelay } from '../../lib/worker/relay';
import { PORT_NAME } from '../../lib/worker/wire';
import { createWorkerTransport } from '../../lib/worker/worker-transport';

const WORKER_URL = browser.runtime.getURL('/sketch-worker.js');

const transport = createWorkerTransport(() => new Worker(WORKER_URL));
// Main-text extraction needs a DOM parser, which this document has and the Worker has not (issue #6).
const parser = new DOMParser();
const parse = (h: string) => parser.parseFromString(h, 'text/html');
// Pages' main text is found in the Worker itself (lib/page/lite-dom); results pages still need this document's DOM.
const idleMs = Number(new URLSearchParams(location.search).get('idle')) || WORKER_IDLE_MS;
// window.close() ends an offscreen document as offscreen.closeDocument does (the Worker with it).
const relay = createRelay(transport, (html, url) => extractSerp(parse, html, url), { ms: idleMs, close: () => window.close() });

/**
 * The background service worker's URL. WXT always emits it as /background.js (MV3), and the manifest
 * cannot be read here: an offscreen document's runtime API is only messaging, getURL and id.
 */
const BACKGROUND_URL = browser.runtime.getURL('/background.js');

/** A port from this extension's background: its id, no tab, and the background script's own URL. */
function fromBackground(sender: Browser.runtime.MessageSender | undefined): boolean {
  if (!sender || sender.id !== browser.runtime.id || sender.tab !== undefined || typeof sender.url !== 'string') return false;
  return sender.url.split(/[?#]/)[0] === BACKGROUND_URL;
}

browser.runtime.onConnect.addListener((port) => {
  if (port.name !== PORT_NAME) return;
  try {
    if (!fromBackground(port.sender)) {
      console.warn('[resemble] offscreen: refused a sketch-worker port from', port.sender?.url ?? 'an unknown sender');
      port.disconnect();
      return;
    }
    relay.attach({
      postMessage: (msg) => port.postMessage(msg),
      onMessage: (cb) => port.onMessage.addListener((msg: unknown) => cb(msg)),
      onDisconnect: (cb) => port.onDisconnect.addListener(() => cb()),
      disconnect: () => port.disconnect(),
    });
  } catch (e) {
    // Closing the port tells the background at once (it retries, then fails its requests) instead of
    // leaving them to time out.
    console.error('[resemble] offscreen: could not serve a port', e);
    port.disconnect();
  }
});
