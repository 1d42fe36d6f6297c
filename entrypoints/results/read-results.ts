import { extract } from '../../lib/engines/extract';
import type { Extraction } from '../../lib/engines/types';
import type { PageInputs } from './local-groups';
import type { ResultBlocks } from './marks';

/**
 * The page's results as they are now, read with the engines the user added; the elements each spans
 * are noted in `blocks` (an engine may re-render a result: the marks go on its latest elements).
 */
export function readResults(blocks: ResultBlocks, inputs: PageInputs | undefined): Extraction | undefined {
  const found: Element[][] = [];
  const x = extract(document, location.href, {
    searxngHosts: inputs?.settings.searxngHosts ?? [],
    addedEngines: inputs?.settings.addedEngines ?? [],
    blocks: found,
  });
  if (x)
    blocks.saw(
      x.results.map((r) => r.url),
      found,
    );
  return x;
}
