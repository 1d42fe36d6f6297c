/**
 * WXT's wrapper of every content script makes a ContentScriptContext and hands it to main(), which this
 * script never uses (lifetime.ts says why). In the results content script's build alone,
 * scripts/vite-content-no-entities.ts resolves `wxt/utils/content-script-context` to this file: a
 * context that is made and dropped, with none of WXT's code (2 KB) and no event sent to the page.
 */
export class ContentScriptContext {
  constructor(
    readonly contentScriptName: string,
    readonly options?: unknown,
  ) {}
}
