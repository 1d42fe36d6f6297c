import { prosePages, rng } from './corpus';

/**
 * A news/blog-like article page of about `target` bytes: head with inline CSS, scripts and JSON-LD,
 * navigation, an article of English-like prose paragraphs with inline links and emphasis, headings and
 * figures, an aside of related links, a footer and trailing scripts.
 */
export function htmlPage(target: number): string {
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const words = prosePages(1, 4000, 43)[0]
    .split(/\s+/)
    .filter((w) => /^[a-z]{3,}$/.test(w));
  const phrase = (n: number) => Array.from({ length: n }, () => pick(words)).join(' ');
  const slug = (n: number) => Array.from({ length: n }, () => pick(words)).join('-');
  const title = phrase(7).replace(/\b[a-z]/g, (c) => c.toUpperCase());

  const css: string[] = [];
  const sels = [
    'body',
    '.site-header',
    '.nav a',
    '.article h1',
    '.article h2',
    '.article p',
    '.byline',
    'figure',
    'figcaption',
    '.aside li',
    '.footer',
    '.btn',
    '.share',
    '.ad-slot',
    '.newsletter',
  ];
  for (let i = 0; css.join('').length < 7000; i++) {
    const sel = `${pick(sels)}${i % 3 === 0 ? `:${pick(['hover', 'focus', 'first-child', 'last-child'])}` : ''}${i % 4 === 0 ? ` .${slug(1)}` : ''}`;
    css.push(
      `${sel}{margin:${Math.floor(rand() * 24)}px ${Math.floor(rand() * 16)}px;padding:${Math.floor(rand() * 12)}px;color:#${Math.floor(rand() * 0xffffff)
        .toString(16)
        .padStart(6, '0')};font:${12 + Math.floor(rand() * 10)}px/1.${4 + Math.floor(rand() * 4)} Georgia,serif}`,
    );
    if (i % 10 === 9) css.push(`@media (max-width:${480 + Math.floor(rand() * 600)}px){${pick(sels)}{display:${pick(['none', 'block', 'flex'])}}}`);
  }
  const js = (bytes: number, prefix: string) => {
    const out: string[] = [];
    for (let i = 0; out.join('\n').length < bytes; i++) {
      const f = `${prefix}${i}_${slug(1).replace(/-/g, '_')}`;
      out.push(
        `function ${f}(e,t){var n=document.querySelectorAll("[data-${slug(1)}]");for(var i=0;i<n.length;i++){if(n[i].dataset&&n[i].getAttribute("data-id")==="${Math.floor(rand() * 1e6)}"){n[i].classList.toggle("is-${slug(1)}");}}` +
          `window.dataLayer=window.dataLayer||[];window.dataLayer.push({event:"${slug(2)}",value:${Math.floor(rand() * 1000)},label:"${phrase(3)}"});return t||e;}`,
      );
    }
    return out.join('\n');
  };
  const link = (text: string) =>
    `<a href="https://www.example.org/${slug(3)}/${Math.floor(rand() * 1e5)}" class="${pick(['inline', 'ref', 'xref'])}">${text}</a>`;
  const inline = (para: string) =>
    para
      .split(' ')
      .map((w) => {
        const u = rand();
        return u < 0.015 ? link(w) : u < 0.025 ? `<em>${w}</em>` : u < 0.03 ? `<strong>${w}</strong>` : u < 0.033 ? `${w} &amp;` : w;
      })
      .join(' ');

  const head =
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title} | The Example Review</title>\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="description" content="${phrase(25)}">\n` +
    `<link rel="canonical" href="https://www.example.org/${slug(6)}">\n<link rel="stylesheet" href="/static/site.${Math.floor(rand() * 1e8).toString(16)}.css">\n` +
    `<style>\n${css.join('\n')}\n</style>\n<script>\n${js(14000, 'h')}\n</script>\n` +
    `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: title, description: phrase(30), author: { '@type': 'Person', name: phrase(2) } })}</script>\n</head>\n`;
  const nav =
    `<body class="article-page">\n<header class="site-header"><a class="logo" href="/">The Example Review</a>\n<nav class="nav"><ul>\n` +
    Array.from({ length: 30 }, () => `<li><a href="/${slug(2)}/">${phrase(2)}</a></li>`).join('\n') +
    `\n</ul></nav>\n<form class="search" action="/search"><input type="search" name="q" placeholder="Search"><button class="btn">Go</button></form>\n</header>\n`;
  const aside =
    `</article>\n<aside class="aside"><h3>Related</h3><ul>\n` +
    Array.from({ length: 15 }, () => `<li>${link(phrase(6))}</li>`).join('\n') +
    `\n</ul><div class="ad-slot" id="ad-${Math.floor(rand() * 1e6)}" data-size="300x250"></div></aside>\n</main>\n`;
  const footer =
    `<footer class="footer"><p>${phrase(20)}</p><ul>` +
    Array.from({ length: 12 }, () => `<li><a href="/${slug(2)}">${phrase(2)}</a></li>`).join('') +
    `</ul><p>&copy; 2026 The Example Review</p></footer>\n<script>\n${js(8000, 'f')}\n</script>\n</body>\n</html>\n`;

  let body = `<main class="main"><article class="article">\n<h1>${title}</h1>\n<p class="byline">By ${phrase(2)} &middot; ${1 + Math.floor(rand() * 28)} November 2026</p>\n`;
  const paras = prosePages(1, target, 44)[0].split('\n\n');
  const budget = target - head.length - nav.length - aside.length - footer.length;
  for (let i = 0; i < paras.length && body.length < budget; i++) {
    if (i % 7 === 6) body += `<h2>${phrase(5)}</h2>\n`;
    if (i % 11 === 10)
      body += `<figure><img src="/img/${slug(3)}.jpg" alt="${phrase(6)}" width="800" height="450" loading="lazy"><figcaption>${phrase(12)}</figcaption></figure>\n`;
    body += `<p>${inline(paras[i].replace(/\n/g, ' '))}</p>\n`;
  }
  return head + nav + body + aside + footer;
}
