import { extractCore } from '../../lib/engines/extract-core';
import type { readByStructure } from '../../lib/engines/structure';
import type { Extraction } from '../../lib/engines/types';
import type { PageInputs } from './local-groups';
import type { ResultBlocks } from './marks';

/**
 * The page's results as they are now, read with the engines the user added; the elements each spans
 * are noted in `blocks` (an engine may re-render a result: the marks go on its latest elements).
 * `structure`: the structural reader, once the second script brought it (issue #41); until then only
 * the definitions read.
 */
export function readResults(blocks: ResultBlocks | undefined, inputs: PageInputs | undefined, structure?: typeof readByStructure): Extraction | undefined {
  const found: Element[][] = [];
  const x = extractCore(document, location.href, {
    structure,
    searxngHosts: inputs?.settings.searxngHosts ?? [],
    addedEngines: inputs?.settings.addedEngines ?? [],
    blocks: found,
  });
  if (x && blocks)
    blocks.saw(
      x.results.map((r) => r.url),
      found,
    );
  return x;
}
