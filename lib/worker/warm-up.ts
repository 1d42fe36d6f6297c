/**
 * A new Worker runs its code cold: in Chromium, a 200 KB page's main text and sketch took 12 ms a page
 * over its first 16 pages and 6 ms once compiled (a whole-page sketch: 3.1 and 1.7 ms). The Worker
 * starts when the background first needs it, for the results' snippets, well before a fetched page
 * comes back; meanwhile it reads a made-up page the way it reads real ones, a few times, one task a
 * round, so a request arriving in between waits for one round at most (a few milliseconds).
 */
import { handleWorkerRequest } from './handle';

const WORDS =
  'the quick brown fox jumps over a lazy dog while naïve café owners in Lyon read résumé notes about rivers hills towns and old maps of the coast'.split(' ');

/** About 40 KB of the markup real pages have: head, navigation, an article with links and lists, a table, an aside, scripts. */
export function madeUpPage(): string {
  const text = (n: number, k: number) => Array.from({ length: n }, (_, i) => WORDS[(i * k + k) % WORDS.length]).join(' ');
  const paras = Array.from({ length: 130 }, (_, i) => `<p>${text(40, i + 1)}, <a href="/p/${i}">${text(3, i)}</a> &amp; <em>${text(4, i + 2)}</em>.</p>`);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${text(6, 1)}</title><link rel="canonical" href="https://made.example/a">` +
    `<style>p{margin:0}.nav a{color:red}</style><script>var a = "<p>" + 1;</script></head><body>` +
    `<nav class="nav"><ul>${Array.from({ length: 12 }, (_, i) => `<li><a href="/s/${i}">${text(2, i)}</a>`).join('')}</ul></nav>` +
    `<main><article><h1>${text(6, 2)}</h1>${paras.join('\n')}<ul>${Array.from({ length: 8 }, (_, i) => `<li>${text(9, i)}`).join('')}</ul>` +
    `<table><tr><th>a<th>b<tr><td>${text(5, 3)}<td>${text(5, 4)}</table></article></main>` +
    `<aside><h2>Related</h2><ol>${Array.from({ length: 10 }, (_, i) => `<li><a href="/r/${i}">${text(5, i)}</a></li>`).join('')}</ol></aside>` +
    `<footer>© 2026 ${text(8, 5)}</footer><script>track("x")</script></body></html>`
  );
}

/** Schedules the rounds (`later` is setTimeout in a Worker); each reads the page as a request would. */
export function warmUpWorker(later: (f: () => void) => void = (f) => setTimeout(f, 0), rounds = 6): void {
  const html = madeUpPage();
  const options = { shingle: 5, size: 128 };
  let done = 0;
  const round = () => {
    handleWorkerRequest({ id: -1, op: 'page', html, url: 'https://made.example/a', options });
    handleWorkerRequest({ id: -1, op: 'sketch', items: [{ text: html, format: 'html' }], options });
    if (++done < rounds) later(round);
  };
  later(round);
}
