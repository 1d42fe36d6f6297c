import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the results content script's build resolves to a file of its own (every other build keeps the
 * real one): a package by its name, a module of the repository by its path from the root (without
 * extension), each to a file from the root. The bench's bundle report (bench/structure.bench.ts) resolves the same.
 *
 * - `entities`: the content script groups its page with lib (issue #17), and lib's sketching imports
 *   html-to-text, whose `entities` decoder carries a 46 KB table of every named HTML entity (half the
 *   script then). It is entrypoints/results/decode-html.ts: the browser's own parser decodes, should it
 *   ever be needed.
 * - lib/text/html-to-text and lib/text/markup (3 KB): the content script sketches plain text only
 *   (titles and snippets, format 'text': lib/group/results.ts), so lib/sketch's canonicalSource never
 *   calls them there. entrypoints/results/no-markup.ts says so loudly if it ever does.
 * - `wxt/utils/content-script-context`: WXT's wrapper makes one for main(), which never uses it
 *   (entrypoints/results/lifetime.ts): entrypoints/results/unused-context.ts, a class that does nothing.
 */
export const CONTENT_SCRIPT_SHIMS: Readonly<Record<string, string>> = {
  entities: 'entrypoints/results/decode-html.ts',
  'lib/text/html-to-text': 'entrypoints/results/no-markup.ts',
  'lib/text/markup': 'entrypoints/results/no-markup.ts',
  'wxt/utils/content-script-context': 'entrypoints/results/unused-context.ts',
};

/** The shim `source` (imported from a file in `fromDir`) resolves to, as a path from the root; undefined: none. */
export function shimOf(source: string, fromDir: string | undefined, rootDir = root): string | undefined {
  const key = source.startsWith('.') && fromDir ? path.relative(rootDir, path.resolve(fromDir, source)).split(path.sep).join('/') : source;
  return Object.hasOwn(CONTENT_SCRIPT_SHIMS, key) ? CONTENT_SCRIPT_SHIMS[key] : undefined;
}

/** The content scripts' builds (WXT builds each content script on its own): results.content.ts and results-later.content.ts. */
const isResultsBuild = (input: unknown) => /results(-later)?\.content/.test(JSON.stringify(input ?? ''));

export function contentScriptWithoutEntities(): Plugin {
  let contentScript = false;
  return {
    name: 'resemble:content-script-without-entities',
    enforce: 'pre',
    options(o) {
      contentScript = isResultsBuild(o.input);
      return null;
    },
    resolveId(source, importer) {
      const shim = contentScript ? shimOf(source, importer && path.dirname(importer)) : undefined;
      return shim ? path.join(root, shim) : null;
    },
  };
}
