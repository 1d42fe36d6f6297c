import { engineName } from '../../page-support/format';
import type { TabState } from '../../lib/tab/tab-state';
import { t } from '../../shared/i18n';

/**
 * Never silent (issue #27): a page the engine's definition could not read, read by its structure
 * instead, is said so in the popup (a page not read at all is the 'unreadable' status).
 */
export function ReadNote({ s }: { s: TabState }) {
  if (s.reader !== 'structure' || (s.status !== 'done' && s.status !== 'working')) return null;
  return (
    <p class="muted" data-testid="read-by-structure">
      {t('read_popup_structure', s.engineName ?? engineName(s.engine))}
    </p>
  );
}
