// Engine names live in lib: the background names engines too (lost and found's search).
export { ENGINE_NAMES, engineName } from '../lib/engines/names';

/** Kilobytes: one decimal below 10 KB, whole (with thousands separators) above. */
export function formatKB(bytes: number): string {
  const kb = Math.max(0, bytes) / 1024;
  if (kb === 0) return '0 KB';
  return `${kb < 10 ? kb.toFixed(1) : Math.round(kb).toLocaleString('en')} KB`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
