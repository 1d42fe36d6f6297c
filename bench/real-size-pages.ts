import { prosePages, rng } from './corpus';

/**
 * The demo's result pages at real size (issue #14): each demo page's own head and body kept as they
 * are (so its main text, and the demo's groups, stay what they were), wrapped in the site chrome real
 * pages carry: inline styles and scripts, JSON-LD, a mega-menu, a cookie banner, HTML comments, a
 * sidebar of related links and ads, a comments section and a footer. Deterministic: page `i` of the
 * 10 is about SIZES_KB[i] KB on every run.
 */
export const SIZES_KB = [24, 36, 52, 68, 88, 108, 130, 152, 176, 200] as const;

export function realSizePage(demoHtml: string, index: number): string {
  const rand = rng(1400 + index);
  const target = SIZES_KB[index % SIZES_KB.length] * 1024;
  const words = prosePages(1, 3000, 1500 + index)[0]
    .split(/\s+/)
    .filter((w) => /^[a-z]{3,}$/.test(w));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const phrase = (n: number) => Array.from({ length: n }, () => pick(words)).join(' ');
  const slug = (n: number) => Array.from({ length: n }, () => pick(words)).join('-');
  const link = (n: number) => `<a href="/${slug(2)}/${Math.floor(rand() * 1e5)}" class="${pick(['nav-link', 'menu-item', 'rel'])}">${phrase(n)}</a>`;
  const css = (bytes: number) => {
    let s = '';
    while (s.length < bytes)
      s += `.${slug(1)}-${Math.floor(rand() * 99)} .${slug(1)}{margin:${Math.floor(rand() * 24)}px;color:#${Math.floor(rand() * 0xffffff)
        .toString(16)
        .padStart(6, '0')};display:${pick(['flex', 'block', 'grid'])}}\n`;
    return s;
  };
  const js = (bytes: number) => {
    let s = '';
    for (let i = 0; s.length < bytes; i++) {
      s +=
        `function ${slug(1).replace(/-/g, '_')}${i}(e){var n=document.querySelectorAll("[data-${slug(1)}]");for(var i=0;i<n.length;i++){n[i].classList.toggle("is-${slug(1)}")}` +
        `window.dataLayer=window.dataLayer||[];window.dataLayer.push({event:"${slug(2)}",label:"${phrase(3)}"});return e}\n`;
    }
    return s;
  };
  const list = (n: number, words: number) => Array.from({ length: n }, () => `<li>${link(words)}</li>`).join('');
  const menu = (cols: number) =>
    `<header class="site-header"><a class="logo" href="/">${phrase(2)}</a><nav class="mega-menu" role="navigation">` +
    Array.from({ length: cols }, () => `<div class="menu-col"><h4>${phrase(2)}</h4><ul>${list(12, 2)}</ul></div>`).join('') +
    `</nav><form class="search" role="search"><input name="q" placeholder="Search"></form></header>\n` +
    `<div class="cookie-banner" id="consent"><p>${phrase(30)}</p><button>Accept all</button><button>Settings</button></div>\n<!-- ${phrase(20)} -->\n`;
  const sidebar = (items: number) =>
    `<aside class="sidebar"><h3>Related</h3><ul>${list(items, 7)}</ul><div class="ad-slot" data-size="300x250"><script>${js(1500)}</script></div>` +
    `<h3>Popular</h3><ol>${list(Math.ceil(items / 2), 6)}</ol></aside>\n`;
  const comments = (n: number) =>
    `<section class="comments" id="comments"><h3>${n} comments</h3>` +
    Array.from(
      { length: n },
      () =>
        `<div class="comment"><span class="author">${phrase(2)}</span><p>${phrase(20 + Math.floor(rand() * 40))}</p><a class="reply" href="#">Reply</a></div>`,
    ).join('') +
    `</section>\n`;
  const footer = `<footer class="site-footer"><ul>${list(40, 2)}</ul><p>&copy; 2026 ${phrase(3)}</p></footer>\n`;

  const head = demoHtml.match(/<head[^>]*>([\s\S]*?)<\/head>/i)?.[1] ?? '';
  const body = demoHtml.match(/<body[^>]*>([\s\S]*?)<\/body>/i)?.[1] ?? demoHtml;
  const lang = demoHtml.match(/<html([^>]*)>/i)?.[1] ?? ' lang="en"';
  // Chrome grows with the page: a fifth of the bytes in markup (menus, sidebar, comments), the rest in
  // styles and scripts, as on real sites.
  const scale = target / 1024 / 50;
  const chrome = {
    top: menu(Math.max(2, Math.round(3 * scale))),
    side: sidebar(Math.max(6, Math.round(10 * scale))),
    comments: comments(Math.max(2, Math.round(4 * scale))),
  };
  const markup = chrome.top.length + chrome.side.length + chrome.comments.length + footer.length + demoHtml.length;
  const scripts = Math.max(2000, target - markup - 600);
  const jsonLd = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"${phrase(6)}"}</script>`;
  return (
    `<!DOCTYPE html>\n<html${lang}>\n<head>${head}\n<style>${css(scripts * 0.3)}</style>\n${jsonLd}\n<script>${js(scripts * 0.45)}</script>\n</head>\n` +
    `<body class="${slug(2)}">\n${chrome.top}<div class="layout"><div id="content" class="content">\n${body}\n</div>\n${chrome.side}</div>\n` +
    `${chrome.comments}<!-- ${phrase(12)} -->\n${footer}<script>${js(scripts * 0.25)}</script>\n</body>\n</html>\n`
  );
}
