// vitest setupFiles: every test file sees the UI's English messages (shared/i18n has no
// browser.i18n in Node). A test of another language calls useLocale('de').
import { useLocale } from './i18n';

useLocale('en');
