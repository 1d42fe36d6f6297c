import { parseHTML } from 'linkedom';
import { extract } from '../../lib/engines/extract';
import { ENGINE_IDS, type EngineId } from '../../lib/engines/heads';
import { expectPositionals } from '../args';
import type { Command } from '../command';
import { InputError } from '../errors';
import { padStart, writeJson, writeLines } from '../output';
import { readInput } from '../read-input';
import { sketchOptions } from '../sketch-options';

const USAGE = 'serp FILE.html [--url URL] [--json]';

export const serp: Command = {
  name: 'serp',
  summary: "read a saved search results page's organic results",
  usage: USAGE,
  options: { flags: [], values: ['url'] },
  help: `Reads a saved search results page with the same extractor the extension runs on live pages:
the engine, the query and the organic results (ads, "people also ask", related searches, knowledge
panels, image/video/news/shopping/map blocks and nested sitelinks left out; redirect links undone).
Each engine's definition reads first; when it reads nothing (the engine changed its markup), or the
page is no known engine's, the page is read by its structure (title links tied to headings, repeated
in the main column; no class names), as the extension does.

Options:
  --url URL      the page's address (decides the engine and the query; without it both are read
                 from the markup)
  --json         print {"engine", "query", "results": [{"rank", "url", "title", "snippet",
                 "displayUrl"}], "reader"} (a result whose redirect is opaque, as Baidu's or
                 Google's /goto, also has "unresolved": true; "reader" is "spec" or "structure")

A page no engine claims is read by structure; its engine is --url's host ("unknown" without --url).
Exit status 1 when FILE holds no results page at all (no repeated result links).`,

  async run(args) {
    const [file] = expectPositionals(args, 1, 1, USAGE, 'serp');
    const url = args.values.get('url');
    const input = await readInput(file, sketchOptions(args, 'serp').maxChars);
    const started = performance.now();
    const { document } = parseHTML(input.text);
    if (url !== undefined && !/^(?:https?|file):\/\//i.test(url)) throw new InputError(url, '--url is not an http(s) address');
    const x = extract(document as unknown as Document, url, { anyPage: true });
    const ms = performance.now() - started;
    if (!x || (x.reader === 'structure' && !x.results.length && x.variant === 'structure' && !ENGINE_IDS.includes(x.engine as EngineId))) {
      throw new InputError(file, 'not a results page: no engine Resemble knows, and no repeated result links');
    }
    if (args.flags.has('json')) {
      writeJson({ engine: x.engine, query: x.query, results: x.results, reader: x.reader });
      return;
    }
    const how = x.reader === 'structure' ? 'read by its structure' : `${x.variant} markup`;
    writeLines([
      `${x.engine} (${how}), query ${JSON.stringify(x.query)}: ${x.results.length} organic results (${ms.toFixed(1)} ms)`,
      ...x.results.map(
        (r) =>
          `${padStart(String(r.rank), 3)}. ${r.title}\n     ${r.url}${r.unresolved ? '  (redirect not resolvable)' : ''}${r.snippet ? `\n     ${r.snippet.slice(0, 160)}` : ''}`,
      ),
    ]);
  },
};
