import { t, uiLanguage } from '../shared/i18n';

/**
 * An extension page in the UI language: `<html lang>` (screen readers pick their voice by it) and the
 * tab's title. index.html carries English only until this runs, before the first render.
 */
export function localizePage(title?: string): void {
  document.documentElement.lang = uiLanguage();
  if (title !== undefined) document.title = t('common_docTitle', title);
}
