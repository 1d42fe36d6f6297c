import { MAX_LIST_BYTES } from '../limits';
import type { Evidence } from './evidence';
import type { SiteVerdict } from './copycat';
import { pairText, siteLabel } from './marks';
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
  const lines = [
    '---',
    `name: ${RULESET_NAME}`,
    '---',
    comment(`Exported by Resemble on ${new Date(now).toISOString().slice(0, 10)}: sites whose pages copy other sites' pages.`),
  ];
  for (const v of [...sites].sort((a, b) => (a.site < b.site ? -1 : 1))) {
    lines.push('', comment(`${v.site}: ${siteLabel(v)}`));
    for (const e of evidence.filter((x) => x.copy.site === v.site).slice(-EXPORT_PAIRS)) lines.push(comment(`  ${pairText(e)}`));
    lines.push(`*://*.${v.site}/*`);
  }
  return `${lines.join('\n')}\n`;
}

/** The flagged sites as a plain domains list, one a line. */
export function toDomains(sites: readonly SiteVerdict[]): string {
  return `${[...sites]
    .map((v) => v.site)
    .sort()
    .join('\n')}\n`;
}

/**
 * Why a line names no site, by code: the UI says it in the user's language (page-support/
 * words/copycat.ts), the CLI and older pages read the English `reason`.
 */
export const BAD_LINE_REASONS = {
  unblock: 'an unblock or highlight rule, not a blocked site',
  regex: 'a regular expression, not a site',
  condition: 'an expression or a rule with a condition, not a whole site',
  path: 'blocks part of a site only (a path), not a whole site',
  'not-pattern': 'not a match pattern or a domain',
  wildcard: 'a wildcard inside the host',
  'not-site': 'not a site (an address, a single name or a public suffix)',
  'too-long': 'a line too long to be a rule',
} as const;
export type BadLineCode = keyof typeof BAD_LINE_REASONS;

export interface BadLine {
  line: number;
  text: string;
  code: BadLineCode;
  reason: string;
}

/** Why a whole file was refused, by code (`count`: the unusable lines of `no-site`). */
export type ListErrorCode = 'too-large' | 'binary' | 'front-matter' | 'no-site' | 'no-rules';

export type ListFormat = 'ublacklist' | 'adblock' | 'domains';

export type ParsedList =
  | { ok: true; name?: string; format: ListFormat; sites: string[]; bad: BadLine[] }
  | { ok: false; code: ListErrorCode; error: string; bad: BadLine[] };

const MAX_LINE = 1000;

const badLine = (line: number, text: string, code: BadLineCode): BadLine => ({ line, text, code, reason: BAD_LINE_REASONS[code] });

type RuleSite = { site: string; form: ListFormat } | { code: BadLineCode };

/** Element hiding and scriptlet rules of uBlock Origin / AdGuard (`site##.ad`, `#@#`, `#?#`, `#$#`, `#%#`): never a site. */
const COSMETIC = /#[@]?[?$%]?#/;

/** One rule's site, or why it has none. */
function ruleSite(rule: string): RuleSite {
  if (rule.startsWith('@')) return { code: 'unblock' };
  if (rule.startsWith('/')) return { code: 'regex' };
  if (COSMETIC.test(rule)) return { code: 'not-pattern' };
  if (rule.startsWith('||') || /^[\w.*-]+(\^|\$)/.test(rule)) return adblockSite(rule);
  if (/\s|[=!&|]/.test(rule)) return { code: 'condition' };
  const m = /^(\*|https?):\/\/([^/]+)(\/.*)$/.exec(rule);
  if (m) {
    if (m[3] !== '/*') return { code: 'path' };
    return named(m[2], 'ublacklist');
  }
  if (rule.includes('/') || rule.includes(':')) return { code: 'not-pattern' };
  return named(rule, 'domains');
}

/**
 * Options that leave an adblock network rule blocking the whole site: the page itself (`document`,
 * `doc`, `all`) or only its priority (`important`). `popup` is whole only beside one of those; any
 * other option (a resource type, `third-party`, `domain=`, `denyallow=`, `redirect=`, a `~` negation,
 * AdGuard DNS's `client=`/`ctag=`/`dnstype=`, …) narrows the rule to some requests.
 */
const WHOLE_OPTIONS = new Set(['document', 'doc', 'all', 'important', 'popup']);
const PAGE_OPTIONS = new Set(['document', 'doc', 'all']);

/**
 * A uBlock Origin / AdGuard network rule (github.com/gorhill/uBlock/wiki/Static-filter-syntax,
 * adguard.com/kb/general/ad-filtering/create-own-filters): whole-site only in the domain-only form
 * `||host^` with at most whole-site options. `||host^|` (the root page), `||host/path` and `||host`
 * without `^` (which also matches `host.evil.example`) are not.
 */
function adblockSite(rule: string): RuleSite {
  const dollar = rule.indexOf('$');
  const pattern = (dollar < 0 ? rule : rule.slice(0, dollar)).replace(/^\|\|/, '');
  const m = /^((?:\*\.)?[^/^|:*]+)\^$/.exec(pattern);
  if (!m) {
    if (/[/|]|\^./.test(pattern)) return { code: 'path' };
    if (pattern.includes(':')) return { code: 'not-pattern' };
    return { code: 'wildcard' };
  }
  if (dollar >= 0) {
    const opts = rule
      .slice(dollar + 1)
      .split(',')
      .map((o) => o.trim().toLowerCase());
    if (!opts.every((o) => WHOLE_OPTIONS.has(o))) return { code: 'condition' };
    if (opts.includes('popup') && !opts.some((o) => PAGE_OPTIONS.has(o))) return { code: 'condition' };
  }
  return named(m[1], 'adblock');
}

function named(host: string, form: ListFormat): RuleSite {
  const h = host.replace(/^\*\./, '').replace(/^\|\|/, '').replace(/\^$/, '');
  if (h.includes('*')) return { code: 'wildcard' };
  // URL parsing would read `a.example#x` or `u@a.example` as a.example: such a line names no host.
  if (/[#?@^$%\\,;]/.test(h)) return { code: 'not-pattern' };
  const site = siteOf(h);
  return site ? { site, form } : { code: 'not-site' };
}

/** An adblock list's header (`[Adblock Plus 2.0]`, `[uBlock Origin]`, `[AdGuard]`): says the format, names no site. */
const ADBLOCK_HEADER = /^\[(?:adblock|ublock|adguard)[^\]]*\]$/i;

/** A line only an adblock list has: a `!` comment, a `||` rule or a header. */
const ADBLOCK_LINE = /^[ \t]*(?:!|\|\||\[(?:adblock|ublock|adguard))/im;

/**
 * Reads a uBlacklist ruleset, a plain domains list (one domain a line, `#` comments) or the domain-only
 * form of a uBlock Origin / AdGuard list (`||example.com^`, `!` comments, `! Title:` naming it). Every
 * site blocked whole is kept (a subdomain counts for its site); every other non-comment line is reported
 * with its number and why, and skipped. A file with no usable line is an error: nothing to import.
 */
export function parseSiteList(text: string): ParsedList {
  if (text.length > MAX_LIST_BYTES)
    return { ok: false, code: 'too-large', error: `the file is larger than ${MAX_LIST_BYTES / 1e6} MB: not a site list`, bad: [] };
  if (text.includes('\u0000')) return { ok: false, code: 'binary', error: 'the file is not text', bad: [] };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let name: string | undefined;
  let start = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
    if (end < 0) return { ok: false, code: 'front-matter', error: 'the front matter opened by "---" on line 1 is never closed', bad: [] };
    for (const l of lines.slice(1, end)) {
      const m = /^name:\s*(.+)$/.exec(l.trimEnd());
      if (m) name = m[1].replace(/^(["'])(.*)\1$/, '$2').slice(0, 100);
    }
    start = end + 1;
  }
  // In an adblock list a line opening `##` is an element hiding rule, elsewhere a `#` comment.
  const adblock = ADBLOCK_LINE.test(text);
  let title: string | undefined;
  const sites = new Set<string>();
  const bad: BadLine[] = [];
  const forms = { ublacklist: 0, adblock: 0, domains: 0 };
  for (let i = start; i < lines.length; i++) {
    const raw = lines[i];
    const trimmed = raw.trim();
    if (trimmed.startsWith('!')) {
      // The first `! Title:` names the list, as uBlock Origin and AdGuard show it.
      // `trimmed` has no trailing space, so a lazy match with `\s*$` (quadratic on a long line) is not needed.
      const m = /^!\s*Title:\s*(.+)$/i.exec(trimmed);
      if (m && !title) title = m[1].slice(0, 100);
      continue;
    }
    if (ADBLOCK_HEADER.test(trimmed)) continue;
    const cosmetic = adblock && /^#@?[?$%]?#/.test(trimmed);
    const rule = cosmetic ? trimmed : raw.replace(/(^|\s)#.*$/, '').trim();
    if (!rule) continue;
    const text = raw.length > MAX_LINE ? `${raw.slice(0, 80)}…` : trimmed;
    if (raw.length > MAX_LINE) {
      bad.push(badLine(i + 1, text, 'too-long'));
      continue;
    }
    const r = ruleSite(rule);
    if ('code' in r) bad.push(badLine(i + 1, text, r.code));
    else {
      sites.add(r.site);
      forms[r.form]++;
    }
  }
  if (!sites.size)
    return bad.length
      ? { ok: false, code: 'no-site', error: `no line names a site (${bad.length} unusable)`, bad }
      : { ok: false, code: 'no-rules', error: 'the file has no rules', bad };
  const format: ListFormat = forms.ublacklist || name ? 'ublacklist' : forms.adblock || (adblock && title) ? 'adblock' : 'domains';
  name ??= title;
  return { ok: true, ...(name ? { name } : {}), format, sites: [...sites].sort(), bad };
}
