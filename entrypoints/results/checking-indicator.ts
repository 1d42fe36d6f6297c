import type { Lifetime } from './lifetime';
import { type PageUi, shadowUi } from './shadow-ui';
import { PALETTE_CSS } from './page-styles';
import { t } from '../../shared/i18n';

// Opaque, unlike the page behind it: its text's contrast must not depend on what scrolls under it.
const CSS = `${PALETTE_CSS}
:host { position: fixed !important; right: 12px !important; bottom: 12px !important; z-index: 2147483000 !important; }
div { font: 12px/1.4 system-ui, sans-serif; color: var(--r-fg); background: var(--r-bg); border: 1px solid var(--r-line); border-radius: 10px; padding: 3px 10px; }
`;

/**
 * The quiet indicator while result pages are checked (issue #6): a small status line in a corner,
 * announced politely to screen readers, gone when the check ends.
 */
export class CheckingIndicator {
  private ui?: PageUi<HTMLElement>;

  constructor(private ctx: Lifetime) {}

  async show(checking: { done: number; total: number; beyond?: number } | undefined): Promise<void> {
    if (!checking || checking.done >= checking.total) {
      this.ui?.remove();
      this.ui = undefined;
      return;
    }
    this.ui ??= shadowUi(this.ctx, {
      name: 'resemble-checking',
      anchor: document.body ?? document.documentElement,
      append: 'last',
      css: CSS,
      // Closed like the controls' roots (page-ui.ts): the page has no business in here.
      build: (container) => {
        const el = document.createElement('div');
        el.setAttribute('role', 'status');
        el.setAttribute('data-resemble-checking', '');
        container.append(el);
        return el;
      },
    });
    const el = this.ui.mounted;
    // Results past the fetch budget (issue #28) are not checked: the line says so rather than let them pass for checked.
    const { done, total, beyond } = checking;
    if (el) el.textContent = beyond ? t('page_checkingBudget', done, total, total + beyond) : t('page_checking', done, total);
  }
}
