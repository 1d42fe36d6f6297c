import type { ComponentChildren } from 'preact';

interface SectionProps {
  /** Used for the heading's id (`${id}-title`), which labels the section. */
  id: string;
  title: string;
  /** One sentence under the heading saying what the section changes. */
  intro?: ComponentChildren;
  children: ComponentChildren;
}

export function Section({ id, title, intro, children }: SectionProps) {
  return (
    <section class="section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro && <p class="intro">{intro}</p>}
      {children}
    </section>
  );
}
