import type { PageReason } from './pages';

/**
 * 0.873 → "87%" (never "100%" for less than 1, never "0%" for more than 0): the one percentage every
 * page and the results page show, so a measure reads the same everywhere.
 */
export function percent(r: number): string {
  const p = Math.round(r * 100);
  return `${r < 1 && p === 100 ? 99 : r > 0 && p === 0 ? 1 : p}%`;
}

/** The short label a copy carries: "near-copy of #1, 87% alike" or "same page as #1". */
export function reasonLabel(reason: PageReason, representative: number): string {
  switch (reason.kind) {
    case 'same-page':
      return `same page as #${representative}`;
    case 'same-text':
      return reason.how === 'canonical' ? `same page as #${representative}` : `same text as #${representative}`;
    case 'snippet':
    case 'page':
      return `near-copy of #${representative}, ${percent(reason.resemblance)} alike`;
    case 'excerpt':
      return `excerpt of #${representative}`;
    case 'contains':
      return `contains #${representative}`;
  }
}

/** The longer account shown on hover or focus, in the popup and in the options preview. */
export function reasonDetail(reason: PageReason, representative: number): string {
  const n = `result #${representative}`;
  switch (reason.kind) {
    case 'same-page':
      return `Same page as ${n}: both addresses lead to ${reason.url} once tracking parameters, www/m/AMP variants, trailing slashes and fragments are set aside.`;
    case 'same-text':
      return reason.how === 'canonical'
        ? `Same page as ${n}: both pages name the same canonical address. Evidence: the pages.`
        : `Same text as ${n}: the two pages' main texts are word for word the same (lexically equivalent). Evidence: the pages.`;
    case 'snippet':
      return `Title and snippet are ${percent(reason.resemblance)} alike with ${n} (resemblance ${reason.resemblance.toFixed(2)} of word pairs, boilerplate left out). Evidence: snippets only.`;
    case 'page':
      return `The pages' main texts are ${percent(reason.resemblance)} alike with ${n} (resemblance ${reason.resemblance.toFixed(2)} of 5-word shingles). Evidence: the pages.`;
    case 'excerpt':
      return `${percent(reason.containment)} of this page's text is inside ${n}'s page (containment ${reason.containment.toFixed(2)}; resemblance ${reason.resemblance.toFixed(2)}). Evidence: the pages.`;
    case 'contains':
      return `${percent(reason.containment)} of ${n}'s page is inside this page (containment ${reason.containment.toFixed(2)}; resemblance ${reason.resemblance.toFixed(2)}). Evidence: the pages.`;
  }
}

/**
 * What a representative says of its copies by containment, from its side: "contains #4" (#4 is an
 * excerpt of it), "excerpt of #7" (#7 contains it), both joined; undefined when no copy is related so.
 */
export function representativeNote(members: readonly { rank: number; reason: PageReason }[]): { label: string; detail: string } | undefined {
  const contains = members.filter((m) => m.reason.kind === 'excerpt');
  const within = members.filter((m) => m.reason.kind === 'contains');
  if (!contains.length && !within.length) return undefined;
  const ranks = (ms: typeof members) => ms.map((m) => `#${m.rank}`).join(', ');
  const label = [contains.length ? `contains ${ranks(contains)}` : '', within.length ? `excerpt of ${ranks(within)}` : ''].filter(Boolean).join('; ');
  const c = (m: (typeof members)[number]) => {
    const v = (m.reason as { containment?: unknown }).containment;
    return typeof v === 'number' && Number.isFinite(v) ? v : 0;
  };
  const detail = [
    ...contains.map((m) => `${percent(c(m))} of result #${m.rank}'s text is inside this page (containment ${c(m).toFixed(2)}).`),
    ...within.map((m) => `${percent(c(m))} of this page's text is inside result #${m.rank}'s page (containment ${c(m).toFixed(2)}).`),
  ].join('\n');
  return { label, detail: `${detail}\nEvidence: the pages.` };
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
