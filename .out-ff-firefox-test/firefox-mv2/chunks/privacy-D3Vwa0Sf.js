import{Q as u,a as o,$ as l}from"./styles-Gbbs_coC.js";const p=`# Resemble's privacy policy

Resemble collects nothing about you. It has no server, no account, no analytics and no advertising;
its developers receive no data from it. Everything it reads and remembers stays in your browser. It
fetches pages from the web only for the features below, each on a setting or an action of yours.

## What Resemble reads

- **Search engines' results pages**, on the built-in engines you leave on (Google, Bing, DuckDuckGo,
  Brave, Startpage, Yahoo, Ecosia, Mojeek, Kagi, Yandex, Baidu, Qwant) and on SearXNG hosts you add:
  the results' addresses, titles and snippets, and the query. It reads no other page you visit.
- **Pages it fetches itself** (below): their text, to measure how alike they are.

## What it stores, and where

All of it is in the extension's own storage in your browser profile; none of it is sent anywhere.

- **IndexedDB** (the cache): for each page seen in results, its address, title, a sketch of its
  snippet (a list of numbers from which the text cannot be read back) and the dates it was first and
  last seen. For a page fetched by page checking also a sketch of its text, the fetch's outcome
  ("ok", "404", "DNS failure"…), its canonical address and up to three short sentences from it (at most
  200 characters in all), kept to search for the page if it later disappears. For a page found dead,
  the live copies found for it. It also keeps the last 20 results pages read: their address, engine,
  query, results (address, title, snippet) and groups. The cache is limited to the size and age set in
  the options (20 MB and 30 days by default). In private windows nothing is written to disk: the
  cache is kept in memory and dropped with the window.
- **storage.session** (in memory, gone when the browser closes): each tab's results and groups,
  lost-and-found reports and hosts found to be on your own network.
- **storage.local**: the snippet boilerplate recurring on the cached results pages ("No information is
  available for this page." and the like), as a list of numbers (fingerprints of word pairs) from which
  the words cannot be read back, so that a results page can group itself before the rest of Resemble
  has started. Clearing the cache clears it.
  Also the **evidence of copycat sites**: for each pair of pages of two different sites that page
  checking or lost and found measured as copies, both addresses and titles, the measures and the dates
  (at most 2,000 pairs, the oldest dropped first; never from private windows; clearing the cache
  clears it); the sites you marked as copycats or not, and the lists you imported; and, derived from
  them, the copycat sites with their labels, which results pages read.
  Also the pairs of results you said are **"not a copy"**: both addresses and titles and the date (at
  most 500; clearing the cache clears them; one said in a private window is kept in storage.session
  only, until the browser closes).
- **storage.sync**: your settings. If you use your browser's sync, the browser carries them to your
  other devices; Resemble sends them nowhere itself.

## What it fetches, and when

Every fetch is made by the extension without your cookies and without a referrer, so a site sees an
anonymous visit from your browser's address, not your account. Nothing is fetched from your own
machine or local network. Resemble can fetch from a site only once you allow it access to sites, which
it asks for when you turn on one of these features.

- **Page checking** (off until you turn it on, in the popup or the options): the pages listed on a
  results page you open, to confirm which results are copies, and, for a page that reads like an
  error page, a made-up address on the same site (what that site's "page not found" looks like).
  A page found dead (a 404 or a host that is gone) is checked for live copies among the pages already
  in the cache (at most five fetches), without any search.
- **A page that fails to load**: when a page you open in a tab fails (on a site Resemble has access
  to), it is fetched once more a moment later, to see whether it is really gone; if it is, up to five
  copies of it already in the cache are fetched and measured (no search), and the popup offers lost
  and found.
- **Lost and found** (only when you ask: "find a copy", "Find similar copy" on a link, "search for
  more"): candidate copies are fetched and measured. To find candidates Resemble searches the engine
  you found the page on, and DuckDuckGo, for the page's remembered sentences and its title: **those
  words are sent to the search engine** (at most three queries a page, each sent to DuckDuckGo too
  only when your engine cannot be read or finds nothing: six requests at most). With "Look for archived
  copies" on (off by default), **the dead page's address is sent to the Internet Archive**
  (archive.org), and the archived copy it names is fetched.
- **Copies of this page** (only when you ask: "Find copies of this page" in a page's context menu or
  in the popup): the page is fetched again (without your cookies), and up to three of its sentences
  and its title are searched on the engine you use and on DuckDuckGo: **those words are sent to the
  search engine** (at most six searches a run). Up to twenty pages those searches list are fetched and
  measured. The run's report is kept in the browser's session storage until the browser closes.

Nothing else is sent to search engines or the Internet Archive, and nothing at all is sent to
Resemble's developers.

## How to clear it

- **Options → Cache → Clear cache** deletes every page and results page from the cache, the
  evidence of copycat sites and your "not a copy" pairs (Options → Not a copy undoes one). Options → Copycat sites removes imported lists and undoes your marks.
- Closing the browser clears storage.session; closing a tab clears its entry.
- Turning page checking off stops all fetching of result pages; removing Resemble's access to sites in
  your browser's extension settings stops all fetches of sites.
- Removing the extension deletes everything it stored, settings included.

## Permissions

\`storage\` and \`unlimitedStorage\` (the cache above; without the latter the browser may evict it),
\`scripting\` (SearXNG hosts you add), \`contextMenus\` ("Find similar copy" on links), \`webRequest\` (to
name why a fetch failed and which address answered; in Firefox also \`dns\` and \`webRequestBlocking\`,
only to keep fetches off your own network), \`offscreen\` in Chrome (text is measured in a worker), and
access to the built-in engines' results pages. Access to other sites is optional and asked for on the
features above.

Questions: open an issue in Resemble's repository.
`,f=/\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;function c(e){const n=[];let s=0;for(const t of e.matchAll(f))t.index>s&&n.push({kind:"text",text:e.slice(s,t.index)}),t[1]!==void 0?n.push({kind:"strong",text:t[1]}):t[2]!==void 0?n.push({kind:"code",text:t[2]}):n.push({kind:"link",text:t[3],href:t[4]}),s=t.index+t[0].length;return s<e.length&&n.push({kind:"text",text:e.slice(s)}),n}function g(e){const n=[];let s=[],t;const a=()=>{t?n.push({kind:"ul",items:t.map(r=>c(r.join(" ")))}):s.length&&n.push({kind:"p",content:c(s.join(" "))}),s=[],t=void 0};for(const r of e.split(/\r?\n/)){const i=r.trimEnd(),h=/^(#{1,2}) +(.*)$/.exec(i);h?(a(),n.push({kind:h[1].length===1?"h1":"h2",content:c(h[2])})):i===""?a():i.startsWith("- ")?(t||a(),(t??=[]).push([i.slice(2).trim()])):t&&/^\s/.test(i)?t[t.length-1].push(i.trim()):(t&&a(),s.push(i.trim()))}return a(),n}function m({r:e}){return e.kind==="strong"?o("strong",{children:e.text}):e.kind==="code"?o("code",{children:e.text}):e.kind==="link"?o("a",{href:e.href,target:"_blank",rel:"noopener noreferrer",children:e.text}):o(l,{children:e.text})}const d=({runs:e})=>o(l,{children:e.map((n,s)=>o(m,{r:n},s))});function y(){return o("main",{class:"privacy",children:g(p).map((e,n)=>{if(e.kind==="ul")return o("ul",{children:e.items.map((t,a)=>o("li",{children:o(d,{runs:t})},a))},n);const s=e.kind;return o(s,{children:o(d,{runs:e.content})},n)})})}u(o(y,{}),document.getElementById("app"));
