/**
 * A long Bing results page built as infinite scroll builds it (issue #13), shared by the bench's
 * storage.session measure (bench/session-bytes.ts) and its end-to-end test (test/e2e/state-bounds.spec.ts):
 * the saved Bing page, with results appended as clones of its last organic result.
 */
export const BING_SPEC = { list: 'ol#b_results', item: '#b_results > li.b_algo', link: 'h2 a', snippet: '.b_caption p' };

const WORDS = 'amber basin cedar delta ember fjord glade harbor inlet juniper kestrel lagoon meadow nectar orchard prairie quarry ridge summit thicket'.split(
  ' ',
);

export interface LongResult {
  url: string;
  title: string;
  snippet: string;
}

/** Result `rank` of the long page: unrelated snippets, every 25th a copy of the result 10 before it (another site). */
export function longResult(rank: number): LongResult {
  const copyOf = rank % 25 === 0 ? rank - 10 : undefined;
  const k = copyOf ?? rank;
  const snippet = Array.from({ length: 24 }, (_, w) => (w % 2 ? WORDS[(k * 7 + w) % WORDS.length] : `r${k}w${w}`)).join(' ');
  return { url: `https://site${rank}.example/story/${rank}`, title: `Story ${k} of the long page`, snippet: copyOf ? `${snippet} again` : snippet };
}

/** Runs in the page (page.evaluate): appends `add` as clones of the last organic item. */
export function appendResults(spec: typeof BING_SPEC & { add: LongResult[] }): void {
  const list = document.querySelector(spec.list)!;
  const items = document.querySelectorAll(spec.item);
  const template = items[items.length - 1];
  for (const r of spec.add) {
    const clone = template.cloneNode(true) as Element;
    for (const el of [clone, ...Array.from(clone.querySelectorAll('[id]'))]) el.removeAttribute('id');
    for (const a of Array.from(clone.querySelectorAll('a[href]'))) a.setAttribute('href', r.url);
    clone.querySelector(spec.link)!.textContent = r.title;
    clone.querySelector(spec.snippet)!.textContent = r.snippet;
    for (const d of Array.from(clone.querySelectorAll('cite'))) d.textContent = r.url.replace(/^https:\/\//, '');
    list.appendChild(clone);
  }
}
