import { useEffect, useState } from 'preact/hooks';
import type { SiteVerdict } from '../../../lib/copycat/copycat';
import type { Evidence } from '../../../lib/copycat/evidence';
import type { CopycatState } from '../../../lib/copycat/table';
import { send } from '../../../page-support/messaging';
import { t } from '../../../shared/i18n';
import { type Act, SiteRow } from './copycat-site-row';

/**
 * "Find a site": one site's verdict by name, judged or from the lists (a list of 250,000 sites is not
 * rendered; issue #28). Found again whenever the state changes, so the row follows the user's word.
 */
export function FindSite({ act, state }: { act: Act; state: CopycatState }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ site: string; verdict: SiteVerdict | null; evidence: Evidence[] }>();
  const find = async (site: string) => {
    const r = await send('copycat/site', { site }).catch(() => undefined);
    setFound(r ? { site, ...r } : undefined);
  };
  // Found again whenever the state changes (a verdict, an import), so the row shows the user's word.
  useEffect(() => {
    if (found) void find(found.site);
  }, [state]);
  return (
    <div class="copycat-find">
      <form
        class="add-host"
        onSubmit={(e) => {
          e.preventDefault();
          if (query.trim()) void find(query.trim());
        }}
      >
        <label for="copycat-find">{t('options_copycat_find')}</label>
        <input id="copycat-find" type="search" placeholder="example.com" value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
        <button type="submit">{t('options_copycat_findButton')}</button>
      </form>
      {found && (
        <div role="status" id="copycat-found">
          {found.verdict ? (
            <ul class="copycat-sites">
              <SiteRow v={found.verdict} evidence={found.evidence} lists={state.lists} act={act} />
            </ul>
          ) : (
            <p class="muted">{t('options_copycat_notFound', found.site)}</p>
          )}
        </div>
      )}
    </div>
  );
}
