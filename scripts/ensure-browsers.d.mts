// Types of scripts/ensure-browsers.mjs, for TypeScript callers (tests, bench).
export type BrowserName = 'chromium' | 'firefox';
export declare function findBrowser(name: BrowserName): string | undefined;
export declare function ensureBrowsers<N extends BrowserName>(names: N[], log?: (message: string) => void): Record<N, string>;
