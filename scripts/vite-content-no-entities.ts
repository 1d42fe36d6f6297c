import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The results content script groups its page with lib (issue #17), and lib's sketching imports
 * html-to-text, whose `entities` decoder carries a 46 KB table of every named HTML entity (half the
 * script). The content script sketches plain text only (format 'text': titles and snippets), so in its
 * build alone `entities` resolves to entrypoints/results/decode-html.ts: the browser's own parser does
 * the decoding, should it ever be needed. Other builds (background, Worker, pages) keep `entities`.
 */
export function contentScriptWithoutEntities(): Plugin {
  const shim = fileURLToPath(new URL('../entrypoints/results/decode-html.ts', import.meta.url));
  let contentScript = false;
  return {
    name: 'resemble:content-script-without-entities',
    enforce: 'pre',
    options(o) {
      const input = JSON.stringify(o.input ?? '');
      contentScript = input.includes('results.content');
      return null;
    },
    resolveId(source) {
      if (contentScript && source === 'entities') return shim;
      return null;
    },
  };
}
