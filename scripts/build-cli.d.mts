// Types of scripts/build-cli.mjs, for the tests that build the CLI bundles from TypeScript.
export declare const OUTDIR: string;
export declare const OUTFILE: string;
export declare const WORKER_FILE: string;
/** Builds dist/resemble.mjs and dist/resemble-worker.mjs (into `outdir` when given); resolves to the CLI bundle's path. */
export declare function buildCli(options?: { quiet?: boolean; outdir?: string }): Promise<string>;
