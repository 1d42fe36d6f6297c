/**
 * The background's test hook (`globalThis.__resemble` in the service worker, installed by
 * entrypoints/background/index.ts) as the end-to-end tests use it. Functions passed to `sw()` run in the
 * service worker and cannot close over anything here: they reach the hook through `globalThis`.
 */
import type { ResembleFixtures } from './fixtures';

export type SketchKind = 'snippet' | 'page';
export type HookItem = { text: string; format?: 'auto' | 'text' | 'html' };
export type HookResult = { ok: true; bytes: Uint8Array; tokens: number; truncated: boolean } | { ok: false; error: { code: string; message: string } };

export interface ResembleHook {
  sketch(items: HookItem[], kind: SketchKind, opts?: { timeoutMs?: number }): Promise<HookResult[]>;
  diagnose(op: 'crash' | 'hang', ms?: number, opts?: { timeoutMs?: number }): Promise<unknown>;
  remember(url: string, title: string, text: string, kind: SketchKind): Promise<{ url: string; bytes: number }>;
  recall(url: string): Promise<
    | {
        url: string;
        title: string;
        hasSnippet: boolean;
        hasPage: boolean;
        tokens?: number;
        seed?: number;
        status?: string;
        fetchedAt?: number;
        canonical?: string;
        alternates?: string[];
        bytes: number;
      }
    | undefined
  >;
  usage(): Promise<{ entries: number; bytes: number }>;
  offscreenCount(): Promise<number>;
}

/** What the service worker's global scope looks like to the test functions. */
export type HookScope = { __resemble?: ResembleHook };

/** A sketch result as it comes back from the service worker: bytes as a plain array (serializable). */
export type WireResult = { ok: true; bytes: number[]; tokens: number; truncated: boolean } | { ok: false; error: { code: string; message: string } };

/** A rejected hook call, as the service worker reports it. */
export type Rejection = { rejected: true; name: string; code?: string; message: string };

export const HOOK_METHODS = ['sketch', 'diagnose', 'remember', 'recall', 'usage', 'offscreenCount'] as const;

/**
 * Waits (up to 5 s) for the hook to be installed and fails with a message that says what is missing.
 * Call it at the start of every test that uses the hook, and again after a service worker restart.
 */
export async function requireHook(sw: ResembleFixtures['sw']): Promise<void> {
  const found = await sw(
    async (methods) => {
      const deadline = Date.now() + 5000;
      for (;;) {
        const h = (globalThis as unknown as HookScope).__resemble as unknown as Record<string, unknown> | undefined;
        if (h) return methods.filter((m) => typeof h[m] !== 'function');
        if (Date.now() > deadline) return undefined;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    [...HOOK_METHODS] as string[],
  );
  if (found === undefined) {
    throw new Error('the background test hook is not installed: globalThis.__resemble is undefined in the service worker (entrypoints/background/index.ts)');
  }
  if (found.length) throw new Error(`the background test hook lacks ${found.join(', ')} (globalThis.__resemble in entrypoints/background/index.ts)`);
}
