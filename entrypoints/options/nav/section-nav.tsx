import { useRef, useState } from 'preact/hooks';
import { t } from '../../../shared/i18n';
import { SECTIONS } from './sections';
import { useCurrentSection } from './use-current-section';

/**
 * The way round the options: a link to each section (options.html#copycats), the one being read marked
 * aria-current. Wide windows show it as a sidebar, narrower ones as a row above the sections; at 360 px
 * and less (a phone) it is one button naming the current section, which opens the list (options.css).
 */
export function SectionNav() {
  const current = useCurrentSection();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const title = SECTIONS.find((s) => s.id === current)?.title;
  return (
    <nav
      class={open ? 'options-nav open' : 'options-nav'}
      aria-label={t('options_nav')}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button ref={toggle} type="button" class="nav-toggle" aria-expanded={open} aria-controls="options-nav-list" onClick={() => setOpen(!open)}>
        {title ? t('options_nav_current', t(title)) : t('options_nav')}
      </button>
      <ul id="options-nav-list" class="nav-list">
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`} aria-current={s.id === current ? 'location' : undefined} onClick={() => setOpen(false)}>
              {t(s.title)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
