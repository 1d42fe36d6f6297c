import { useState } from 'preact/hooks';
import type { SiteVerdict } from '../../../lib/copycat/copycat';
import { siteOf } from '../../../lib/copycat/site';
import type { CopycatState } from '../../../lib/copycat/table';
import { errorText, send } from '../../../page-support/messaging';
import { plural, t } from '../../../shared/i18n';
import { FindSite } from './copycat-find';
import { SiteRow } from './copycat-site-row';

/** The sites worth showing: flagged, listed, decided by the user, copying something, or in an undecided pair. */
const shown = (v: SiteVerdict) => v.flagged || v.user || v.listedIn.length || v.originals > 0 || v.undecided > 0;
/** Sites rendered at once; "show more" adds as many (a flood of evidence must not stall the page). */
const PAGE = 50;

/** Options, "Copycat sites": each site with its evidence; "not a copycat" and "mark as copycat". */
export function CopycatSites({ state, set }: { state: CopycatState; set: (s: CopycatState) => void }) {
  const [error, setError] = useState<string>();
  const [name, setName] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const act = async (site: string, verdict: 'not-copycat' | 'marked' | 'none') => {
    try {
      set(await send('copycat/verdict', { site, verdict }));
      setError(undefined);
      return true;
    } catch (e) {
      setError(t('options_copycat_notChanged', errorText(e)));
      return false;
    }
  };
  const sites = state.sites.filter(shown);
  return (
    <>
      <p class="hint" id="copycat-rules">
        {t('options_copycat_rules')}
      </p>
      <FindSite act={(s, x) => void act(s, x)} state={state} />
      {sites.length ? (
        <>
          <ul class="copycat-sites">
            {sites.slice(0, limit).map((v) => (
              <SiteRow key={v.site} v={v} evidence={state.evidence} lists={state.lists} act={(s, x) => void act(s, x)} />
            ))}
          </ul>
          {state.listedMore > 0 && (
            <p class="muted" id="copycat-listed-more">
              {plural('options_copycat_listedMore', state.listedMore)}
            </p>
          )}
          {sites.length > limit && (
            <button type="button" class="copycat-more" onClick={() => setLimit(limit + PAGE)}>
              {t('options_copycat_showMore', String(sites.length - limit))}
            </button>
          )}
        </>
      ) : (
        <p class="muted" role="status" id="copycat-none">
          {t('options_copycat_none')}
        </p>
      )}
      <form
        class="add-host"
        onSubmit={(e) => {
          e.preventDefault();
          // Checked here too, so the refusal is in the UI language (the background holds to the same rule).
          if (!name.trim()) return;
          if (!siteOf(name)) return setError(t('options_copycat_notChanged', t('options_copycat_notASite', name.trim())));
          void act(name.trim(), 'marked').then((ok) => ok && setName(''));
        }}
      >
        <label for="copycat-mark" class="visually-hidden">
          {t('options_copycat_markInput')}
        </label>
        <input
          id="copycat-mark"
          type="text"
          placeholder="copycat.example"
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
          aria-describedby="copycat-error"
        />
        <button type="submit">{t('options_copycat_mark')}</button>
      </form>
      <p class="field-error" id="copycat-error" role="alert" hidden={!error}>
        {error}
      </p>
    </>
  );
}
