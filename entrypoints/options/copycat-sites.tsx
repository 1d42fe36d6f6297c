import { useEffect, useState } from 'preact/hooks';
import { SafeLink } from '../../components/safe-link';
import { HIDE_ENGINES, HIDE_PLACES, type SiteVerdict } from '../../lib/copycat/copycat';
import type { Evidence } from '../../lib/copycat/evidence';
import type { CopycatState } from '../../lib/copycat/table';
import { siteLabelWords } from '../../shared/copycat-words';
import { type MessageKey, date, pct, plural, t } from '../../shared/i18n';
import { errorText, send } from '../../page-support/messaging';
import { siteOf } from '../../lib/copycat/site';

const BY: Record<Evidence['by'], MessageKey> = {
  fuller: 'options_copycat_by_fuller',
  'seen-first': 'options_copycat_by_seenFirst',
  rank: 'options_copycat_by_rank',
  undecided: 'options_copycat_by_undecided',
};

const day = (ms: number) => date(ms);
const label = (v: SiteVerdict, flagged = v.flagged) =>
  siteLabelWords({ flagged: flagged || 'evidence', originals: v.originals, fromSites: v.fromSites.map((s) => s.site), listedIn: v.listedIn });

// The page's title as text beside its address, never only in a hover `title` (no hover on a phone, issue #30).
function Page({ p }: { p: { url: string; title: string } }) {
  return (
    <>
      <SafeLink url={p.url} rel="noopener noreferrer">
        {p.url}
      </SafeLink>
      {p.title.trim() && <span class="muted"> · {p.title}</span>}
    </>
  );
}

/** What Resemble's own evidence says, beside what the lists say, with the rule's reasons (issue #28). */
function ownWords(v: SiteVerdict): string {
  const places = plural('options_copycat_places', v.places);
  if (v.own === 'copycat') return `${t('options_copycat_own_agrees', label(v, 'evidence'))} (${places})`;
  if (v.own === 'copied') return `${plural('options_copycat_own_disagrees', v.copiedBy)} (${plural('options_copycat_places', v.copiedPlaces)})`;
  if (v.own === 'disputed') return t('options_copycat_own_disputed');
  return v.originals
    ? `${plural('options_copycat_own_notYet', v.originals, v.fromSites.map((s) => s.site).join(', '))} (${places})`
    : t('options_copycat_own_none');
}

/** Whether "hide" hides it, and if not, what the stricter bar still needs. */
function hideWords(v: SiteVerdict): string | undefined {
  if (!v.flagged) return undefined;
  return v.hide
    ? t('options_copycat_hide_yes')
    : t('options_copycat_hide_no', String(Math.min(v.places, HIDE_PLACES)), String(Math.min(v.engines, HIDE_ENGINES)));
}

type Lists = CopycatState['lists'];

/**
 * The names of the lists holding a site, each subscription's said to be one (issue #30: which
 * subscriptions list it). Told by the subscriptions' addresses (the verdict's listedSubs), not by name:
 * a subscription and an imported list may share one, and both are then named, the subscription as such.
 * In list order (imported lists before subscriptions).
 */
export function listNames(v: Pick<SiteVerdict, 'listedIn' | 'listedSubs'>, lists: Lists): string {
  const subbed = new Map<string, number>();
  for (const url of v.listedSubs ?? []) {
    const name = lists.find((l) => l.sub === url)?.name;
    if (name !== undefined) subbed.set(name, (subbed.get(name) ?? 0) + 1);
  }
  // Of the listings of one name, the last ones are the subscriptions (lists keep imported ones first).
  const plain = new Map<string, number>();
  for (const n of v.listedIn) plain.set(n, (plain.get(n) ?? 0) + 1);
  for (const [n, k] of subbed) plain.set(n, Math.max(0, (plain.get(n) ?? 0) - k));
  return v.listedIn
    .map((n) => {
      const left = plain.get(n) ?? 0;
      plain.set(n, left - 1);
      return left > 0 ? n : t('options_copycat_subscribedList', n);
    })
    .join(', ');
}

function status(v: SiteVerdict, lists: Lists): string {
  if (v.notSite) return t('options_copycat_status_notSite');
  if (v.user === 'not-copycat') return t('options_copycat_status_notCopycat');
  if (v.flagged === 'marked') return t('options_copycat_status_marked');
  if (v.flagged === 'evidence') return t('options_copycat_status_evidence', label(v));
  if (v.flagged === 'listed') return t('options_copycat_status_listed', listNames(v, lists));
  return t('options_copycat_status_none');
}

/** One site: its verdict, the lists and Resemble's evidence side by side, the pairs, and the user's word. */
function SiteRow({
  v,
  evidence,
  lists,
  act,
}: {
  v: SiteVerdict;
  evidence: Evidence[];
  lists: Lists;
  act: (site: string, verdict: 'not-copycat' | 'marked' | 'none') => void;
}) {
  // Every pair naming the site: those it copied, those copied of it (the evidence of "copied"), the undecided.
  const pairs = evidence.filter((e) => e.copy.site === v.site || e.original.site === v.site);
  return (
    <li class="copycat-site" data-site={v.site} data-flagged={v.flagged || 'no'}>
      <h3>{v.site}</h3>
      <p class="copycat-status">{status(v, lists)}</p>
      {hideWords(v) && <p class="copycat-hide hint">{hideWords(v)}</p>}
      {v.undecided > 0 && <p class="copycat-undecided hint">{plural('options_copycat_undecided', v.undecided)}</p>}
      <dl class="side-by-side">
        <div>
          <dt>{t('options_copycat_lists')}</dt>
          <dd class="copycat-listed">{v.listedIn.length ? t('options_copycat_listedIn', listNames(v, lists)) : t('options_copycat_notListed')}</dd>
        </div>
        <div>
          <dt>{t('options_copycat_own')}</dt>
          <dd class="copycat-own">{ownWords(v)}</dd>
        </div>
      </dl>
      {pairs.length > 0 && (
        <table class="copycat-evidence">
          <thead>
            <tr>
              <th scope="col">{t('options_copycat_col_copy')}</th>
              <th scope="col">{t('options_copycat_col_original')}</th>
              <th scope="col">{t('options_copycat_col_measures')}</th>
              <th scope="col">{t('options_copycat_col_seen')}</th>
            </tr>
          </thead>
          <tbody>
            {pairs.map((e) => (
              <tr key={`${e.copy.url}\n${e.original.url}`} data-by={e.by}>
                <td>
                  <Page p={e.copy} />
                </td>
                <td>
                  <Page p={e.original} />
                  <span class="muted"> {t('options_copycat_originalBy', t(BY[e.by]))}</span>
                </td>
                <td>{t('options_copycat_measures', pct(e.resemblance), pct(e.copyInOriginal), pct(e.originalInCopy))}</td>
                <td>{day(e.at) === day(e.lastAt) ? day(e.at) : t('options_copycat_seenRange', day(e.at), day(e.lastAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div class="actions">
        {v.notSite ? (
          <button type="button" onClick={() => act(v.site, 'none')} aria-label={t('options_searxng_remove_aria', v.site)}>
            {t('options_searxng_remove')}
          </button>
        ) : v.user === 'not-copycat' ? (
          <button type="button" onClick={() => act(v.site, 'none')}>
            {t('options_copycat_undoNot')}
          </button>
        ) : v.flagged ? (
          <button type="button" onClick={() => act(v.site, 'not-copycat')} aria-label={t('options_copycat_not_aria', t('options_copycat_not'), v.site)}>
            {t('options_copycat_not')}
          </button>
        ) : (
          <button type="button" onClick={() => act(v.site, 'marked')} aria-label={t('options_copycat_mark_aria', t('options_copycat_mark'), v.site)}>
            {t('options_copycat_mark')}
          </button>
        )}
        {v.user === 'marked' && !v.notSite && (
          <button type="button" onClick={() => act(v.site, 'none')}>
            {t('options_copycat_unmark')}
          </button>
        )}
      </div>
    </li>
  );
}

/** The sites worth showing: flagged, listed, decided by the user, copying something, or in an undecided pair. */
const shown = (v: SiteVerdict) => v.flagged || v.user || v.listedIn.length || v.originals > 0 || v.undecided > 0;
/** Sites rendered at once; "show more" adds as many (a flood of evidence must not stall the page). */
const PAGE = 50;

/**
 * "Find a site": one site's verdict by name, judged or from the lists (a list of 250,000 sites is not
 * rendered; issue #28). Found again whenever the state changes, so the row follows the user's word.
 */
function FindSite({ act, state }: { act: (site: string, verdict: 'not-copycat' | 'marked' | 'none') => void; state: CopycatState }) {
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
