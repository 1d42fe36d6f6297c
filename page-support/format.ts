// Engine names live in lib: the background names engines too (lost and found's search).
export { ENGINE_NAMES, engineName } from '../lib/engines/names';
import { num, t } from '../shared/i18n';

/** Kilobytes: one decimal below 10 KB, whole (with thousands separators) above. */
export function formatKB(bytes: number): string {
  const kb = Math.max(0, bytes) / 1024;
  return t('common_kb', kb === 0 ? num(0) : kb < 10 ? num(kb, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : num(Math.round(kb)));
}
