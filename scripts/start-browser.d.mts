// Types of scripts/start-browser.mjs, for the TypeScript end-to-end tests.
export declare const ROOT: string;
export declare const EXTENSION_DIR: string;
export declare const GRANTED_OUT_DIR: string;
export declare const GRANTED_EXTENSION_DIR: string;
export declare function findChromium(): string;
export declare function chromiumArgs(extDir?: string, opts?: { mapHosts?: [name: string, ip: string][] }): string[];
export declare function assertBuilt(extDir?: string): void;
export declare function buildExtension(opts?: { quiet?: boolean; env?: Record<string, string>; extDir?: string }): Promise<number>;
