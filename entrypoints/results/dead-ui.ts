import { liveCopyDetail, liveCopyLabel } from '../../words/groups';
import { t, tOf } from '../../shared/i18n';
import { bestLiveCopy } from '../../lib/lost/live-copy';
import type { Alternate } from '../../lib/lost/report';
import type { Lifetime } from './lifetime';
import { type PageUi, mountUi, onUserClick, withTip } from './page-ui';

const DEAD_WORDS = { gone: 'page_dead_gone', dns: 'page_dead_dns', connection: 'page_dead_connection', soft404: 'page_dead_soft404' } as const;

/**
 * On a dead result: a label saying so and a "find a copy" button (lost and found, in a new tab). With a
 * verified live copy (issue #15), a link to the best (lib/lost/live-copy.ts) with its measure on hover or
 * focus, and the button says "more copies". Only checked pages find a result dead: this comes with the
 * later script (results-later.content.ts). Everything is set as text; the address was checked to be http(s) (checkPageGroups).
 */
export function mountDead(
  ctx: Lifetime,
  root: Element,
  rank: number,
  kind: string,
  onFind: () => void,
  alternates?: readonly Alternate[],
  onHide?: () => void,
): Promise<PageUi> {
  const copy = bestLiveCopy(alternates);
  return mountUi(ctx, root, 'first', (c) => {
    const why = tOf(DEAD_WORDS, kind) ?? kind;
    const label = document.createElement('span');
    label.className = 'label dead';
    label.setAttribute('role', 'note');
    label.tabIndex = 0;
    label.textContent = t('page_dead_label');
    label.setAttribute('aria-label', t('page_dead_aria', String(rank)));
    // With a live copy, the label's tip also gives the copy's measure: on a phone a tap on the link
    // follows it, and the label is where a finger can read why the copy was chosen.
    withTip(c, label, copy ? `${t('page_dead_tip', why)}\n${liveCopyDetail(copy)}` : t('page_dead_tip', why));
    if (copy) {
      const a = document.createElement('a');
      a.className = 'label live';
      a.href = copy.url;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.textContent = liveCopyLabel(copy);
      a.setAttribute('aria-label', t('page_liveCopy_aria', liveCopyLabel(copy), String(rank)));
      c.append(' ');
      withTip(c, a, liveCopyDetail(copy));
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'find';
    b.textContent = copy ? t('page_moreCopies') : t('page_findCopy');
    // Names that hold the visible words (WCAG 2.5.3, label in name).
    b.setAttribute('aria-label', copy ? t('page_moreCopies_aria', String(rank)) : t('page_findCopy_aria', String(rank)));
    onUserClick(b, onFind);
    c.append(' ', b);
    // A dead representative whose live copy stands in for it (collapse mode): it may be tucked away
    // behind the group's toggle too.
    if (onHide) {
      const h = document.createElement('button');
      h.type = 'button';
      h.className = 'find hide';
      h.textContent = t('page_hideDead');
      h.setAttribute('aria-label', t('page_hideDead_aria', String(rank)));
      onUserClick(h, onHide);
      c.append(' ', h);
    }
  });
}
