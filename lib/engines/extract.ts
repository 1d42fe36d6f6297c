/**
 * The extractor with the structural reader given (./extract-core.ts): what the CLI, the tests and the
 * background call. Only the results content script calls the core itself, with the structural reader
 * once its second script has brought it (issue #41: the first script stays small).
 */
import { type ExtractOptions, extractCore } from './extract-core';
import { readByStructure } from './structure';
import type { Extraction } from './types';

export { findEngine, structureWins, structureMayOverrule, type ExtractOptions } from './extract-core';

/**
 * The organic results of a results page: `{engine, query, results: [{rank, url, title, snippet,
 * displayUrl}], reader}`. Each engine's definition reads first; the structure reads when it reads
 * nothing or clearly less (structureWins). Undefined when no engine's results page is recognized
 * (unless `anyPage`: then the structure reads it).
 */
export function extract(doc: Document, url?: string, opts: ExtractOptions = {}): Extraction | undefined {
  return extractCore(doc, url, { ...opts, structure: readByStructure });
}
