import type { PageGroup, PageReason } from './pages';

/**
 * Issue #14: the fuller page is never hidden. A member whose page contains the representative's but is
 * not alike enough to be its copy ('contains': a README holding a whole licence, and much more) has
 * text the representative lacks; hiding it under the shorter page would lose that text. Such a member
 * stays visible in collapse mode, labelled "contains #N", and is not one of the "near-copies". The
 * mirror case, an excerpt of the representative ('excerpt'), may be hidden: the fuller page is the one
 * kept. The rule reads only the member's reason, which groupWithPages computes from the pages known,
 * whatever order they were checked in.
 */
export function staysVisible(reason: PageReason): boolean {
  return reason.kind === 'contains';
}

/** The role a member carries in the DOM contract (data-resemble-role): "contains" for a fuller page, else "copy". */
export function memberRole(reason: PageReason): 'copy' | 'contains' {
  return staysVisible(reason) ? 'contains' : 'copy';
}

/** The members collapse mode hides behind "N near-copies" (every member but the fuller pages). */
export function hideableMembers<M extends { reason: PageReason }>(members: readonly M[]): M[] {
  return members.filter((m) => !staysVisible(m.reason));
}

/** Ranks collapse mode hides for these groups (none revealed): what a results page shows, as a set. */
export function hiddenRanks(groups: readonly Pick<PageGroup, 'members'>[]): Set<number> {
  return new Set(groups.flatMap((g) => hideableMembers(g.members).map((m) => m.rank)));
}

/**
 * Issue #15: a dead result never hides a live copy. When the representative is dead, collapse mode
 * shows the best-ranked live member that would be hidden (the stand-in) in its place; the rest stay
 * behind the toggle. Undefined when the representative is alive or no hideable member is.
 */
export function standIn<M extends { rank: number; reason: PageReason }>(
  representative: number,
  members: readonly M[],
  dead: ReadonlySet<number>,
): M | undefined {
  if (!dead.has(representative)) return undefined;
  return hideableMembers(members)
    .filter((m) => !dead.has(m.rank))
    .sort((a, b) => a.rank - b.rank)[0];
}
