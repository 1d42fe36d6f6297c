import type { Lifetime } from './lifetime';
import { type CopycatLookup, copycatFlag } from '../../lib/copycat/marks';
import type { CopycatDisplay } from '../../lib/settings';
import { copycatWords } from '../../words/copycat';
import { t } from '../../shared/i18n';
import { ATTR, type ResultBlocks } from './marks';
import { type PageUi, mountLabel, mountToggle } from './page-ui';

export interface Copycats {
  lookup: CopycatLookup;
  display: CopycatDisplay;
}

/**
 * Results from copycat sites (issue #19), whether or not their originals are on this page: each gets
 * `data-resemble-copycat` and a label whose detail (hover and focus) is the evidence. In "hide", a result
 * is hidden behind a reveal control of its own, as copies are, unless a group already decides it: a
 * representative or a fuller page stays shown (hiding it would hide what its group's toggle stands on),
 * and a copy its group already hides stays behind that group's toggle. Only sites past "hide"'s bar
 * are hidden (marked by the user, listed, or evidence from several engines: lib/copycat, issue #28);
 * the others are labelled.
 */
export function markCopycats(ctx: Lifetime, blocks: ResultBlocks, c: Copycats, revealed: Set<string>, cell: (el: Element) => Element): Promise<PageUi>[] {
  if (c.display === 'off') return [];
  const out: Promise<PageUi>[] = [];
  for (const rank of blocks.ranks()) {
    const els = blocks.of(rank);
    const url = blocks.urlOf(rank) ?? '';
    // The one decision (lib/copycat/marks.ts copycatFlag), which the popup's list asks too.
    const found = els.length ? copycatFlag(blocks.hostOf(rank), c.lookup) : undefined;
    if (!found) continue;
    const { site } = found;
    const root = els[0];
    const mark = copycatWords(found.mark);
    root.setAttribute(ATTR.copycat, site);
    out.push(mountLabel(ctx, cell(root), mark.label, mark.detail));
    const role = root.getAttribute(ATTR.role);
    const grouped = role !== null && role !== 'copy';
    if (c.display !== 'hide' || !found.hide || grouped || root.hasAttribute(ATTR.hidden) || root.tagName === 'TR') continue;
    const shown = revealed.has(url);
    if (!shown) for (const el of els) el.setAttribute(ATTR.hidden, 'true');
    out.push(
      mountToggle(
        ctx,
        root,
        {
          representative: rank,
          count: 1,
          summary: `#${rank} · ${site} — ${mark.label}\n${mark.detail}`,
          revealed: shown,
          label: (r) => (r ? t('page_copycat_hide') : t('page_copycat_show', site)),
          // The name holds the visible words (WCAG 2.5.3), then the rank and site they act on.
          aria: (r) =>
            r
              ? t('page_copycat_hide_aria', t('page_copycat_hide'), String(rank), site)
              : t('page_copycat_show_aria', t('page_copycat_show', site), String(rank)),
          onToggle: (r) => {
            if (r) revealed.add(url);
            else revealed.delete(url);
            for (const el of els) {
              if (r) el.removeAttribute(ATTR.hidden);
              else el.setAttribute(ATTR.hidden, 'true');
            }
          },
        },
        'before',
      ),
    );
  }
  return out;
}
