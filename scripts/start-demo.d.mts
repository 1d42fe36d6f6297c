// Types of scripts/start-demo.mjs, for the TypeScript end-to-end tests.
import type { BrowserContext } from '@playwright/test';

export interface DemoResult {
  rank: number;
  url: string;
  /** Path of the result's page under demo/. */
  page: string;
  /** That page's HTML. */
  html: string;
}
export interface DemoGroup {
  ranks: number[];
  kind: string;
  note: string;
}
export interface Demo {
  description: string;
  engine: string;
  query: string;
  searchUrl: string;
  resultsPage: string;
  resultsHtml: string;
  results: DemoResult[];
  groups: DemoGroup[];
  unrelated: number[];
  notes: string;
}

export declare const DEMO_DIR: string;
export declare function loadDemo(): Demo;
export declare function otherQueryPage(query: string, demoUrl: string): string;
export declare function installDemoRoutes(context: BrowserContext, opts?: { abortOthers?: boolean }): Promise<Demo>;
