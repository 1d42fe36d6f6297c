import { domainOf } from '../lib/url/host';
import { reasonDetail, reasonLabel, representativeNote } from '../words/groups';
import { pct, t } from '../shared/i18n';
import type { PageGroup, PageReason } from '../lib/group/pages';
import { type ResultSummary, resultDomain } from '../lib/group/result-item';
import { SafeLink } from './safe-link';

// Pages that list results import the link rule from here too.
export { safeHref } from './safe-link';

/** A reason as loosely as it may arrive: a newer background may add kinds this build does not know. */
type AnyReason = { kind: string; resemblance?: unknown; containment?: unknown; url?: unknown };
const KNOWN = new Set(['same-page', 'same-text', 'snippet', 'page', 'excerpt', 'contains']);

const isFraction = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 1;

/**
 * What the UI shows of a reason: its words, the longer account, and the measures the words do not
 * already say (a kind this build does not know keeps its resemblance and containment visible).
 */
export function reasonParts(reason: PageReason | AnyReason, representative: number): { label: string; detail: string; measures: string[] } {
  const r = reason as AnyReason;
  if (KNOWN.has(r.kind) && (r.resemblance === undefined || isFraction(r.resemblance))) {
    const known = reason as PageReason;
    const measures =
      known.kind === 'excerpt' || known.kind === 'contains' ? [t('group_containment', pct(known.containment)), t('group_alike', pct(known.resemblance))] : [];
    return { label: reasonLabel(known, representative), detail: reasonDetail(known, representative), measures };
  }
  const measures: string[] = [];
  if (isFraction(r.resemblance)) measures.push(t('group_alike', pct(r.resemblance)));
  if (isFraction(r.containment)) measures.push(t('group_containment', pct(r.containment)));
  return {
    label: t('group_unknown', String(representative)),
    detail: t('group_unknown_detail', String(representative), `${String(r.kind)}${measures.length ? `; ${measures.join(', ')}` : ''}`),
    measures,
  };
}

/** A result's rank, title (a link when its target is http(s)) and domain; every part is page text, set as text. */
function ResultLine({ rank, item }: { rank: number; item?: ResultSummary }) {
  const text = item ? item.title.trim() || item.displayUrl || item.url : t('group_unlisted');
  // An opaque link's domain is its display URL's (issue #27): never the engine's, none when it names no host.
  const domain = item ? (item.unresolved ? resultDomain(item) : domainOf(item.url) || item.displayUrl) : '';
  return (
    <>
      <span class="rank">#{rank}</span>{' '}
      <SafeLink url={item?.url ?? ''} class="result-title">
        {text}
      </SafeLink>
      {domain && <span class="domain">{domain}</span>}
    </>
  );
}

/** "Not a copy" (issue #20): the pair is never grouped again. */
export type OnNotACopy = (rank: number, of: number) => void;

function Member({
  rank,
  reason,
  representative,
  item,
  onNotACopy,
}: {
  rank: number;
  reason: PageReason;
  representative: number;
  item?: ResultSummary;
  onNotACopy?: OnNotACopy;
}) {
  const p = reasonParts(reason, representative);
  return (
    <li class="member">
      <ResultLine rank={rank} item={item} />
      {p.measures.length > 0 && <span class="measures">{p.measures.join(' · ')}</span>}
      {/* The same address is the same page: only two addresses can be "not a copy". */}
      {onNotACopy && reason.kind !== 'same-page' && (
        <button
          type="button"
          class="link not-a-copy"
          onClick={() => onNotACopy(rank, representative)}
          aria-label={t('group_notACopy_aria', t('group_notACopy'), String(rank), String(representative))}
        >
          {t('group_notACopy')}
        </button>
      )}
      {/* The label is always visible; the longer account opens on demand (a title alone is out of reach by keyboard). */}
      <details class="reason">
        <summary>{p.label}</summary>
        <p>{p.detail}</p>
      </details>
    </li>
  );
}

/** The representative's side of containment ("contains #4"), when a copy is related so. */
function RepNote({ members }: { members: PageGroup['members'] }) {
  const note = representativeNote(members);
  if (!note) return null;
  return (
    <details class="reason rep-note">
      <summary>{note.label}</summary>
      <p>{note.detail}</p>
    </details>
  );
}

/** A results page's groups: each representative as a heading, its copies listed under it with why they are copies. */
export function GroupList({ groups, items, onNotACopy }: { groups: readonly PageGroup[]; items: readonly ResultSummary[]; onNotACopy?: OnNotACopy }) {
  const byRank = new Map(items.map((it) => [it.rank, it]));
  return (
    <ol class="groups" aria-label={t('group_list_aria')}>
      {groups.map((g) => (
        <li key={g.id} class="group">
          <h2 class="group-rep">
            <ResultLine rank={g.representative} item={byRank.get(g.representative)} />
          </h2>
          <RepNote members={g.members} />
          <p class="evidence">{g.evidence === 'pages' ? t('group_evidence_pages') : t('group_evidence_snippets')}</p>
          <ul class="members" aria-label={t('group_members_aria', String(g.representative))}>
            {g.members.map((m) => (
              <Member key={m.rank} rank={m.rank} reason={m.reason} representative={g.representative} item={byRank.get(m.rank)} onNotACopy={onNotACopy} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
