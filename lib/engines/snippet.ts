import type { EngineSpec } from './types';

/**
 * Engine chrome common to many engines at the start of a snippet element, cut before grouping
 * (issue #14): shared dates ("Mar 2, 2023 —" on two unrelated results) and display-URL crumbs
 * would otherwise count as shared words. Seen on the saved pages: Google "Mar 2, 2023 — ",
 * "5 days ago — ", "12.01.2024 — "; Bing and Brave "Mar 4, 2024 · ", "2 days ago · ",
 * "October 17, 2025 - "; Baidu "2023年5月1日 ". Other languages' relative dates are from memory.
 */
const MONTH = '\\p{L}{3,10}\\.?';
const DATE = [
  `${MONTH} \\d{1,2},? \\d{4}`, // Mar 2, 2023; October 17, 2025
  `\\d{1,2}\\.? ${MONTH},? \\d{4}`, // 12 Mar 2024; 12. März 2024
  `\\d{1,2} de ${MONTH} de \\d{4}`, // 12 de mar. de 2024
  '\\d{1,4}[./-]\\d{1,2}[./-]\\d{1,4}', // 12.01.2024; 2024-01-12; 1/12/2024
  '\\d+ (?:second|minute|hour|day|week|month|year)s? ago',
  '(?:vor|il y a|hace|há) \\d+ \\p{L}+', // de, fr, es, pt
  '\\d+ \\p{L}+ назад', // ru
].join('|');
/** A date, then the separator the engine puts after it. */
const LEADING_DATE = new RegExp(`^(?:${DATE})\\s*[—–·-]\\s+`, 'u');
/** CJK dates need no separator: "2023年5月1日 …", "3 日前 …", "3天前 …". */
const LEADING_CJK_DATE = /^(?:\d{4}年\d{1,2}月\d{1,2}日|\d+\s?(?:秒|分|分钟|時間|小时|日|天|週間|周|か月|个月|年)前)\s*[—–·-]?\s*/u;
/** "example.com › path › …" at the start: Google's and Bing's breadcrumb display URL. */
const LEADING_CRUMB = /^(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?:\s*›\s*[^\s›]+)+(?:\s*›)?\s+/u;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * A snippet without its engine's chrome: the engine's `snippetChrome`, then a leading display URL
 * (`displayUrl` itself, or a crumb trail) and a leading date. What is left is the page's text as the
 * engine quoted it; a snippet that was only chrome becomes ''.
 */
export function stripSnippetChrome(snippet: string, engine: Pick<EngineSpec, 'snippetChrome'>, displayUrl = ''): string {
  // Cleaned once, and again only after a cut (a page's snippets mostly have no chrome to cut).
  let s = clean(snippet);
  const cut = (re: RegExp, by: string) => {
    const r = s.replace(re, by);
    if (r !== s) s = clean(r);
  };
  for (const re of engine.snippetChrome ?? []) cut(re, ' ');
  // Only an address-like display URL followed by a space: Baidu's display "URL" is often the site's
  // name, which a snippet may well begin with.
  if (displayUrl.includes('.') && s.startsWith(`${displayUrl} `)) s = clean(s.slice(displayUrl.length));
  cut(LEADING_CRUMB, '');
  cut(LEADING_DATE, '');
  cut(LEADING_CJK_DATE, '');
  return s;
}
