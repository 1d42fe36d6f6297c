import type { GroupReason } from './results';

/** 0.873 → "87%" (never "100%" for less than 1, never "0%" for more than 0). */
export function percent(r: number): string {
  const p = Math.round(r * 100);
  return `${r < 1 && p === 100 ? 99 : r > 0 && p === 0 ? 1 : p}%`;
}

/** The short label a copy carries: "near-copy of #1, 87% alike" or "same page as #1". */
export function reasonLabel(reason: GroupReason, representative: number): string {
  return reason.kind === 'same-page' ? `same page as #${representative}` : `near-copy of #${representative}, ${percent(reason.resemblance)} alike`;
}

/** The longer account shown on hover or focus, in the popup and in the options preview. */
export function reasonDetail(reason: GroupReason, representative: number): string {
  if (reason.kind === 'same-page') {
    return `Same page as result #${representative}: both addresses lead to ${reason.url} once tracking parameters, www/m/AMP variants, trailing slashes and fragments are set aside.`;
  }
  return `Title and snippet are ${percent(reason.resemblance)} alike with result #${representative} (resemblance ${reason.resemblance.toFixed(2)} of word pairs, boilerplate left out). Evidence: snippets only.`;
}

/** "2 near-copies" / "1 near-copy". */
export function copiesLabel(n: number): string {
  return `${n} near-cop${n === 1 ? 'y' : 'ies'}`;
}

/** The host of a URL without "www.", for lists ("example.com"); the URL itself when it does not parse. */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
