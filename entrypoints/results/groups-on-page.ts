import type { Lifetime } from './lifetime';
import { copiesLabel, reasonLabel, representativeNote } from '../../words/groups';
import { t } from '../../shared/i18n';
import type { PageGroup as Group } from '../../lib/group/pages';
import { withoutWww } from '../../lib/url/host';
import { hideableMembers, memberRole, standIn } from '../../lib/group/visible';
import type { PageGroups } from '../../lib/tab/page-groups';
import { ATTR, type ResultBlocks } from './marks';
import { type PageUi, mountLabel, mountToggle } from './page-ui';
import type { LaterParts } from './later';
import { HIDDEN_CSS } from './page-styles';
import { type Copycats, markCopycats } from './copycat-marks';

/**
 * Applies the background's groups to the page: the DOM contract's attributes, copies hidden (collapse)
 * or labelled (flag), one reveal control per group. A member that contains the representative's page
 * (issue #14: the fuller page) is never hidden: labelled "contains #N", role "contains", not counted. A
 * dead representative never hides a live copy (issue #15): its best-ranked live copy is shown in its
 * place, and a dead result shows its best verified live copy beside "dead link". Every apply starts from a clean page, so a regroup
 * (new threshold, more results, another mode) never leaves stale marks; a group the user revealed
 * stays revealed.
 */
export class GroupsOnPage {
  private uis: PageUi[] = [];
  /** Representatives (by target URL: ranks may be renumbered) whose copies the user revealed. */
  private revealed = new Set<string>();
  /** Dead representatives (by URL) the user tucked behind their live stand-in's toggle. */
  private deadTucked = new Set<string>();
  /** Dead representatives with a live stand-in in the last apply: they can be tucked away. */
  private standing = new Set<number>();
  private last: PageGroups | undefined;
  private generation = 0;
  /** Copycat sites and what to do with their results (issue #19); results (by URL) the user revealed. */
  private copycats: Copycats = { lookup: { table: {}, lists: [], unlisted: [] }, display: 'off' };
  private copycatsRevealed = new Set<string>();
  private applied = false;

  constructor(
    private ctx: Lifetime,
    private blocks: ResultBlocks,
    /** "find a copy" on a dead result: the background opens lost and found for that rank. */
    private onFind: (rank: number) => void = () => {},
    /** "not a copy" on a member: the background keeps that pair apart and regroups the page (issue #20). */
    private onNotACopy?: (rank: number, of: number) => void,
    /**
     * The later script's marks (results-later.content.ts): dead results and changed pages, which only the
     * background's word brings, and that word comes through the later script: there whenever they are.
     */
    private later: () => Pick<LaterParts, 'mountDead' | 'markChanges' | 'markSameAs'> | undefined = () => undefined,
    /** The ranks cards of other verticals repeat changed (issue #41): said to the background for the popup. */
    private onSameAs: (ranks: number[]) => void = () => {},
  ) {}

  /** The ranks last said by onSameAs (said again only when they change). */
  private sameAsSaid = '';

  /**
   * Cards of other verticals that are the same pages as results (issue #41): flagged, never hidden; the
   * ranks they repeat are said when they change. The later script brings the marking: on its arrival the
   * page's last groups get their cards marked (`laterArrived`), without applying them again.
   */
  private sameAs(view: PageGroups): Promise<PageUi>[] {
    const later = this.later();
    if (!later || view.mode === 'off') return [];
    const same = later.markSameAs(this.ctx, this.blocks, view, { url: location.href });
    if (String(same.ranks) !== this.sameAsSaid) this.onSameAs(same.ranks);
    this.sameAsSaid = String(same.ranks);
    return same.mounts;
  }

  /** The later script has come: what the last apply could not mark without it is marked now. */
  async laterArrived(): Promise<void> {
    if (!this.applied || !this.last) return;
    const gen = this.generation;
    const uis = await Promise.all(this.sameAs(this.last).map((m) => m.catch(() => undefined)));
    for (const ui of uis) if (ui) gen === this.generation ? this.uis.push(ui) : ui.remove();
  }

  /** The copycat table or its setting changed: the page is marked again (nothing else changed). */
  setCopycats(c: Copycats): void {
    if (JSON.stringify(c) === JSON.stringify(this.copycats)) return;
    this.copycats = c;
    if (this.applied) void this.apply(this.last);
  }

  async apply(view: PageGroups | undefined): Promise<void> {
    const gen = ++this.generation;
    this.last = view;
    this.applied = true;
    this.standing.clear();
    this.clear();
    this.blocks.markAll();
    if (!view) return;
    hiddenStyle();
    const mounts: Promise<PageUi>[] = [];
    const dead = new Set((view.dead ?? []).map((d) => d.rank));
    // Opaque links the background followed (issue #41): their results' site is the final address's.
    for (const r of view.resolved ?? []) this.blocks.resolved(r.rank, r.url);
    // Display "off" leaves copies alone; copycat sites have their own setting (copycatDisplay).
    if (view.mode !== 'off') mounts.push(...this.groupsAndDead(view, dead));
    // Pages changed since last checked, and stale copies (issue #40).
    const later = this.later();
    if (later && (view.changed?.length || view.stale?.length)) mounts.push(...later.markChanges(this.ctx, this.blocks, view, (el) => cell(el, 'first')));
    mounts.push(...this.sameAs(view));
    // After the groups: whether a copycat result may be hidden depends on its role in them.
    mounts.push(...markCopycats(this.ctx, this.blocks, this.copycats, this.copycatsRevealed, (el) => cell(el, 'first')));
    const uis = await Promise.all(mounts.map((m) => m.catch(() => undefined)));
    for (const ui of uis) {
      if (!ui) continue;
      if (gen === this.generation) this.uis.push(ui);
      else ui.remove(); // a newer apply started meanwhile
    }
  }

  private groupsAndDead(view: PageGroups, dead: ReadonlySet<number>): Promise<PageUi>[] {
    const mounts: Promise<PageUi>[] = [];
    for (const g of view.groups) mounts.push(...this.group(g, view.mode === 'collapse', dead));
    const later = this.later();
    for (const d of view.dead ?? []) {
      const els = this.blocks.of(d.rank);
      if (!els.length) continue;
      els[0].setAttribute(ATTR.dead, d.kind);
      const url = this.blocks.urlOf(d.rank) ?? '';
      const tuck = this.standing.has(d.rank) ? () => (this.deadTucked.add(url), void this.apply(this.last)) : undefined;
      if (later) mounts.push(later.mountDead(this.ctx, cell(els[0], 'first'), d.rank, d.kind, () => this.onFind(d.rank), d.alternates, tuck));
    }
    return mounts;
  }

  private group(g: Group, collapse: boolean, dead: ReadonlySet<number>): Promise<PageUi>[] {
    const rep = this.blocks.of(g.representative);
    if (!rep.length) return [];
    const members = g.members.map((m) => ({ ...m, els: this.blocks.of(m.rank) })).filter((m) => m.els.length);
    if (!members.length) return [];
    rep[0].setAttribute(ATTR.cluster, String(g.id));
    rep[0].setAttribute(ATTR.role, 'representative');
    const repUrl = this.blocks.urlOf(g.representative) ?? '';
    const hide = collapse && !this.revealed.has(repUrl);
    const out: Promise<PageUi>[] = [];
    // Containment seen from the representative's side: "contains #4".
    const note = representativeNote(members);
    if (note) out.push(mountLabel(this.ctx, cell(rep[0], 'first'), note.label, note.detail));
    // A dead representative: its best-ranked live copy stands in for it, shown, with the toggle of the rest.
    const stand = collapse ? standIn(g.representative, members, dead) : undefined;
    if (stand) this.standing.add(g.representative);
    // Tucked away by the user ("hide" beside "dead link"): the dead representative joins the copies
    // behind the stand-in's toggle, and showing them brings it back.
    const tucked = stand !== undefined && this.deadTucked.has(repUrl);
    const hideable = hideableMembers(members).filter((m) => m !== stand);
    const copies: { rank: number; els: Element[]; what: string }[] = [
      ...(tucked ? [{ rank: g.representative, els: rep, what: t('page_dead_label') }] : []),
      ...hideable.map((m) => ({ rank: m.rank, els: m.els, what: reasonLabel(m.reason, g.representative) })),
    ];
    const host = stand ? stand.els : rep;
    for (const m of members) {
      m.els[0].setAttribute(ATTR.cluster, String(g.id));
      m.els[0].setAttribute(ATTR.role, memberRole(m.reason));
      if (hide && copies.some((c) => c.rank === m.rank)) for (const el of m.els) el.setAttribute(ATTR.hidden, 'true');
      // The same address is the same page: only results at two addresses can be "not a copy".
      const apart = this.onNotACopy && m.reason.kind !== 'same-page' ? this.onNotACopy : undefined;
      const action = apart && {
        text: t('page_notACopy'),
        aria: t('group_notACopy_aria', t('page_notACopy'), String(m.rank), String(g.representative)),
        act: () => apart(m.rank, g.representative),
      };
      // Its tip (why it is a copy) is worded by the later script (tip.ts).
      out.push(mountLabel(this.ctx, cell(m.els[0], 'first'), reasonLabel(m.reason, g.representative), { reason: m.reason, of: g.representative }, action));
    }
    if (tucked) for (const el of rep) el.setAttribute(ATTR.hidden, 'true');
    // Only the hidden copies are behind the toggle: a group of fuller pages alone has nothing to reveal.
    if (collapse && copies.length) {
      const summary = copies.map((m) => `#${m.rank} · ${withoutWww(this.blocks.hostOf(m.rank) ?? '')} — ${m.what}`).join('\n');
      out.push(
        mountToggle(this.ctx, cell(host[host.length - 1], 'last'), {
          representative: g.representative,
          count: copies.length,
          summary,
          revealed: !hide,
          label: (shown) => (shown ? t('page_toggle_hide', copiesLabel(copies.length)) : copiesLabel(copies.length)),
          onToggle: (shown) => {
            if (shown) this.revealed.add(repUrl);
            else this.revealed.delete(repUrl);
            // Shown again, the dead representative stays shown (the user may tuck it away anew).
            if (shown && tucked) {
              this.deadTucked.delete(repUrl);
              for (const el of rep) el.removeAttribute(ATTR.hidden);
            }
            for (const m of copies)
              for (const el of m.els) {
                if (shown) el.removeAttribute(ATTR.hidden);
                else el.setAttribute(ATTR.hidden, 'true');
              }
          },
        }),
      );
    }
    return out;
  }

  /** Removes every mark but the ranks, and every piece of Resemble's UI. */
  clear(): void {
    for (const ui of this.uis) ui.remove();
    this.uis = [];
    for (const a of [ATTR.cluster, ATTR.role, ATTR.hidden, ATTR.dead, ATTR.copycat, ATTR.changed, ATTR.stale, ATTR.sameAs])
      for (const el of document.querySelectorAll(`[${a}]`)) el.removeAttribute(a);
  }
}

/** A table row (DuckDuckGo Lite) takes our UI in a cell: anything else inside a <tr> is not laid out. */
function cell(el: Element, which: 'first' | 'last'): Element {
  if (el.tagName !== 'TR') return el;
  return (which === 'first' ? el.firstElementChild : el.lastElementChild) ?? el;
}

function hiddenStyle(): void {
  if (document.getElementById('resemble-hidden-style')) return;
  const style = document.createElement('style');
  style.id = 'resemble-hidden-style';
  style.textContent = HIDDEN_CSS;
  (document.head ?? document.documentElement).append(style);
}
