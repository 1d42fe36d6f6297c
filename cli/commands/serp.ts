import { parseHTML } from 'linkedom';
import { extract } from '../../lib/engines/extract';
import { expectPositionals } from '../args';
import type { Command } from '../command';
import { InputError } from '../errors';
import { padStart, writeJson, writeLines } from '../output';
import { readInput } from '../read-input';

const USAGE = 'serp FILE.html [--url URL] [--json]';

export const serp: Command = {
  name: 'serp',
  summary: "read a saved search results page's organic results",
  usage: USAGE,
  options: { flags: [], values: ['url'] },
  help: `Reads a saved search results page with the same extractor the extension runs on live pages:
the engine, the query and the organic results (ads, "people also ask", related searches, knowledge
panels, image/video/news/shopping/map blocks and nested sitelinks left out; redirect links undone).

Options:
  --url URL      the page's address (decides the engine and the query; without it both are read
                 from the markup)
  --json         print {"engine", "query", "results": [{"rank", "url", "title", "snippet",
                 "displayUrl"}]} (a result whose redirect is opaque, as Baidu's, also has
                 "unresolved": true)

Exit status 1 when FILE is not a results page of an engine Resemble knows.`,

  async run(args) {
    const [file] = expectPositionals(args, 1, 1, USAGE, 'serp');
    const url = args.values.get('url');
    const input = await readInput(file);
    const started = performance.now();
    const { document } = parseHTML(input.text);
    const x = extract(document as unknown as Document, url);
    const ms = performance.now() - started;
    if (!x) throw new InputError(file, 'not a results page of an engine Resemble reads');
    if (args.flags.has('json')) {
      writeJson({ engine: x.engine, query: x.query, results: x.results });
      return;
    }
    writeLines([
      `${x.engine} (${x.variant} markup), query ${JSON.stringify(x.query)}: ${x.results.length} organic results (${ms.toFixed(1)} ms)`,
      ...x.results.map((r) => `${padStart(String(r.rank), 3)}. ${r.title}\n     ${r.url}${r.unresolved ? '  (redirect not resolvable)' : ''}${r.snippet ? `\n     ${r.snippet.slice(0, 160)}` : ''}`),
    ]);
  },
};
