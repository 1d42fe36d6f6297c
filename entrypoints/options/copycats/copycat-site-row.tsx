import { SafeLink } from '../../../components/safe-link';
import type { SiteVerdict } from '../../../lib/copycat/copycat';
import type { Evidence } from '../../../lib/copycat/evidence';
import type { CopycatState } from '../../../lib/copycat/table';
import { plural, t } from '../../../shared/i18n';
import { hideWords, listedWords, measuresWords, originalByWords, ownWords, seenWords, siteStatusWords } from '../../../words/options';

/** The user's word on a site; 'none' takes it back. */
export type Act = (site: string, verdict: 'not-copycat' | 'marked' | 'none') => void;

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

/** Every pair naming the site: those it copied, those copied of it (the evidence of "copied"), the undecided. */
function Pairs({ pairs }: { pairs: Evidence[] }) {
  return (
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
              <span class="muted"> {originalByWords(e)}</span>
            </td>
            <td>{measuresWords(e)}</td>
            <td>{seenWords(e)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The buttons for the user's word: undo it, or say the opposite of the verdict. */
function Actions({ v, act }: { v: SiteVerdict; act: Act }) {
  return (
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
  );
}

/** One site: its verdict, the lists and Resemble's evidence side by side, the pairs, and the user's word. */
export function SiteRow({ v, evidence, lists, act }: { v: SiteVerdict; evidence: Evidence[]; lists: CopycatState['lists']; act: Act }) {
  const pairs = evidence.filter((e) => e.copy.site === v.site || e.original.site === v.site);
  const hide = hideWords(v);
  return (
    <li class="copycat-site" data-site={v.site} data-flagged={v.flagged || 'no'}>
      <h3>{v.site}</h3>
      <p class="copycat-status">{siteStatusWords(v, lists)}</p>
      {hide && <p class="copycat-hide hint">{hide}</p>}
      {v.undecided > 0 && <p class="copycat-undecided hint">{plural('options_copycat_undecided', v.undecided)}</p>}
      <dl class="side-by-side">
        <div>
          <dt>{t('options_copycat_lists')}</dt>
          <dd class="copycat-listed">{listedWords(v, lists)}</dd>
        </div>
        <div>
          <dt>{t('options_copycat_own')}</dt>
          <dd class="copycat-own">{ownWords(v)}</dd>
        </div>
      </dl>
      {pairs.length > 0 && <Pairs pairs={pairs} />}
      <Actions v={v} act={act} />
    </li>
  );
}
