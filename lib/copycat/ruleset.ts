import { MAX_LIST_BYTES } from '../limits';
import type { Evidence } from './evidence';
import { pairText, type SiteVerdict, siteLabel } from './copycat';
import { siteOf } from './site';

/**
 * uBlacklist's ruleset format (github.com/iorate/ublacklist, docs/ruleset-spec.md): one rule a line,
 * `#` starts a comment (whole line or after a rule), `*://*.example.net/*` blocks example.net and its
 * subdomains, and a published ruleset may open with a YAML front matter block between `---` lines
 * whose `name:` names it.
 */
export const RULESET_NAME = 'Resemble: copycat sites';

/** Evidence pairs written per site in an export's comments. */
const EXPORT_PAIRS = 10;

const comment = (s: string) => `# ${s.replace(/[\r\n]+/g, ' ')}`;

/** The flagged sites as a uBlacklist ruleset: a `*://*.site/*` rule per site, its evidence in comments above it. */
export function toRuleset(sites: readonly SiteVerdict[], evidence: readonly Evidence[], now: number): string {
  const lines = ['---', `name: ${RULESET_NAME}`, '---', comment(`Exported by Resemble on ${new Date(now).toISOString().slice(0, 10)}: sites whose pages copy other sites' pages.`)];
  for (const v of [...sites].sort((a, b) => (a.site < b.site ? -1 : 1))) {
    lines.push('', comment(`${v.site}: ${siteLabel(v)}`));
    for (const e of evidence.filter((x) => x.copy.site === v.site).slice(-EXPORT_PAIRS)) lines.push(comment(`  ${pairText(e)}`));
    lines.push(`*://*.${v.site}/*`);
  }
  return `${lines.join('\n')}\n`;
}

/** The flagged sites as a plain domains list, one a line. */
export function toDomains(sites: readonly SiteVerdict[]): string {
  return `${[...sites].map((v) => v.site).sort().join('\n')}\n`;
}

export interface BadLine {
  line: number;
  text: string;
  reason: string;
}

export type ParsedList =
  | { ok: true; name?: string; format: 'ublacklist' | 'domains'; sites: string[]; bad: BadLine[] }
  | { ok: false; error: string; bad: BadLine[] };

const MAX_LINE = 1000;

/** One rule's site, or why it has none. */
function ruleSite(rule: string): { site: string; pattern: boolean } | { reason: string } {
  if (rule.startsWith('@')) return { reason: 'an unblock or highlight rule, not a blocked site' };
  if (rule.startsWith('/')) return { reason: 'a regular expression, not a site' };
  if (/\s|[=!&|]/.test(rule)) return { reason: 'an expression or a rule with a condition, not a whole site' };
  const m = /^(\*|https?):\/\/([^/]+)(\/.*)$/.exec(rule);
  if (m) {
    if (m[3] !== '/*') return { reason: 'blocks part of a site only (a path), not a whole site' };
    return named(m[2], true);
  }
  if (rule.includes('/') || rule.includes(':')) return { reason: 'not a match pattern or a domain' };
  return named(rule, false);
}

function named(host: string, pattern: boolean): { site: string; pattern: boolean } | { reason: string } {
  const h = host.replace(/^\*\./, '').replace(/^\|\|/, '').replace(/\^$/, '');
  if (h.includes('*')) return { reason: 'a wildcard inside the host' };
  const site = siteOf(h);
  return site ? { site, pattern } : { reason: 'not a site (an address, a single name or a public suffix)' };
}

/**
 * Reads a uBlacklist ruleset or a plain domains list (one domain a line, `#` comments). Every site
 * blocked whole is kept (a subdomain counts for its site); every other non-comment line is reported
 * with its number and why, and skipped. A file with no usable line is an error: nothing to import.
 */
export function parseSiteList(text: string): ParsedList {
  if (text.length > MAX_LIST_BYTES) return { ok: false, error: `the file is larger than ${MAX_LIST_BYTES / 1e6} MB: not a site list`, bad: [] };
  if (text.includes('\u0000')) return { ok: false, error: 'the file is not text', bad: [] };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let name: string | undefined;
  let start = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
    if (end < 0) return { ok: false, error: 'the front matter opened by "---" on line 1 is never closed', bad: [] };
    for (const l of lines.slice(1, end)) {
      const m = /^name:\s*(.+?)\s*$/.exec(l);
      if (m) name = m[1].replace(/^(["'])(.*)\1$/, '$2').slice(0, 100);
    }
    start = end + 1;
  }
  const sites = new Set<string>();
  const bad: BadLine[] = [];
  let patterns = 0;
  for (let i = start; i < lines.length; i++) {
    const raw = lines[i];
    const rule = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!rule) continue;
    const text = raw.length > MAX_LINE ? `${raw.slice(0, 80)}…` : raw.trim();
    if (raw.length > MAX_LINE) {
      bad.push({ line: i + 1, text, reason: 'a line too long to be a rule' });
      continue;
    }
    const r = ruleSite(rule);
    if ('reason' in r) bad.push({ line: i + 1, text, reason: r.reason });
    else {
      sites.add(r.site);
      if (r.pattern) patterns++;
    }
  }
  if (!sites.size) return { ok: false, error: bad.length ? `no line names a site (${bad.length} unusable)` : 'the file has no rules', bad };
  return { ok: true, ...(name ? { name } : {}), format: patterns || name ? 'ublacklist' : 'domains', sites: [...sites].sort(), bad };
}
