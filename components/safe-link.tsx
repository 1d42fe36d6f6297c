import type { ComponentChildren } from 'preact';

/**
 * Only http(s) targets become links: a result URL comes from the page, and a `javascript:` or `data:`
 * one must never be something the user can click in an extension page.
 */
export function safeHref(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

interface SafeLinkProps {
  url: string;
  children: ComponentChildren;
  class?: string;
  title?: string;
  rel?: string;
  /** Where the address is no link: its text alone, not in a span. */
  bare?: boolean;
}

/** `children` as a link opening in a new tab when `url` is http(s), else as plain text. */
export function SafeLink({ url, children, class: cls, title, rel = 'noreferrer', bare }: SafeLinkProps) {
  const href = safeHref(url);
  if (href)
    return (
      <a href={href} target="_blank" rel={rel} class={cls} title={title}>
        {children}
      </a>
    );
  // biome-ignore lint/complexity/noUselessFragments: children may be a string, and a component returns an element
  return bare ? <>{children}</> : <span class={cls}>{children}</span>;
}
