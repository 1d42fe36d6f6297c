/** The sketch Worker's protocol, handler, client and transports (pure: no extension API). */
export * from './protocol';
export { handleWorkerRequest, serveWorker, type WorkerScope } from './handle';
export {
  WorkerClient,
  WorkerError,
  isWorkerError,
  DEFAULT_TIMEOUT_MS,
  type WorkerTransport,
  type CallOptions,
  type WorkerClientOptions,
  type WorkerErrorCode,
} from './client';
export { createWorkerTransport, type WorkerLike, type WorkerTransportExtra } from './worker-transport';
export { createRelay, type Relay, type RelayPort } from './relay';
export { PORT_NAME, encodeResponse, decodeResponse, bytesToBase64, base64ToBytes, type ToHost, type FromHost } from './wire';
