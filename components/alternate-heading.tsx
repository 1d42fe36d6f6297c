import { domainOf } from '../lib/url/host';
import { SafeLink } from './safe-link';

/**
 * A found page's title and domain, as lost and found and "copies of this page" list it: the title a
 * link only for an http(s) address, the address itself when the page has no title.
 */
export function AlternateHeading({ url, title }: { url: string; title: unknown }) {
  return (
    <>
      <h3 class="alt-title">
        <SafeLink url={url}>{(typeof title === 'string' ? title.trim() : '') || url}</SafeLink>
      </h3>
      <span class="domain">{domainOf(url)}</span>
    </>
  );
}
