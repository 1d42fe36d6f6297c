import { useState } from 'preact/hooks';
import { safeHref } from '../../components/group-list';
import { siteLabel, type SiteVerdict } from '../../lib/copycat/copycat';
import type { Evidence } from '../../lib/copycat/evidence';
import type { CopycatState } from '../../lib/copycat/table';
import { percent } from '../../lib/group/describe';
import { errorText, send } from '../../page-support/messaging';

const BY: Record<Evidence['by'], string> = {
  fuller: 'it holds more of the other page',
  'seen-first': 'Resemble saw it first',
  rank: 'it was ranked higher',
  address: 'neither measure decided: by address',
};

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

function Page({ p }: { p: { url: string; title: string } }) {
  const href = safeHref(p.url);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" title={p.title}>
      {p.url}
    </a>
  ) : (
    <span>{p.url}</span>
  );
}

/** What Resemble's own evidence says, beside what the lists say. */
function ownWords(v: SiteVerdict): string {
  if (v.own === 'copycat') return `agrees: ${siteLabel({ ...v, flagged: 'evidence' })}`;
  if (v.own === 'copied') return `disagrees: other sites' pages copy ${v.copiedBy === 1 ? 'one of its pages' : `${v.copiedBy} of its pages`}`;
  return v.originals ? `not enough yet: ${v.originals} ${v.originals === 1 ? 'page' : 'pages'} copied from ${v.fromSites.map((s) => s.site).join(', ')}` : 'none yet';
}

function status(v: SiteVerdict): string {
  if (v.user === 'not-copycat') return 'Not a copycat (your choice): never flagged';
  if (v.flagged === 'marked') return 'Copycat: marked by you';
  if (v.flagged === 'evidence') return `Copycat: ${siteLabel(v)}`;
  if (v.flagged === 'listed') return `Copycat: listed in ${v.listedIn.join(', ')}`;
  return 'Not flagged';
}

/** One site: its verdict, the lists and Resemble's evidence side by side, the pairs, and the user's word. */
function SiteRow({ v, evidence, act }: { v: SiteVerdict; evidence: Evidence[]; act: (site: string, verdict: 'not-copycat' | 'marked' | 'none') => void }) {
  const pairs = evidence.filter((e) => e.copy.site === v.site);
  return (
    <li class="copycat-site" data-site={v.site} data-flagged={v.flagged || 'no'}>
      <h3>{v.site}</h3>
      <p class="copycat-status">{status(v)}</p>
      <dl class="side-by-side">
        <div>
          <dt>Lists</dt>
          <dd class="copycat-listed">{v.listedIn.length ? `listed in ${v.listedIn.join(', ')}` : 'not listed'}</dd>
        </div>
        <div>
          <dt>Resemble's evidence</dt>
          <dd class="copycat-own">{ownWords(v)}</dd>
        </div>
      </dl>
      {pairs.length > 0 && (
        <table class="copycat-evidence">
          <thead>
            <tr>
              <th scope="col">Copy</th>
              <th scope="col">Original</th>
              <th scope="col">Measures</th>
              <th scope="col">Seen</th>
            </tr>
          </thead>
          <tbody>
            {pairs.map((e) => (
              <tr key={e.copy.url}>
                <td>
                  <Page p={e.copy} />
                </td>
                <td>
                  <Page p={e.original} />
                  <span class="muted"> (original: {BY[e.by]})</span>
                </td>
                <td>
                  {percent(e.resemblance)} alike; {percent(e.copyInOriginal)} of the copy in the original, {percent(e.originalInCopy)} of the original in the copy
                </td>
                <td>{day(e.at) === day(e.lastAt) ? day(e.at) : `${day(e.at)} to ${day(e.lastAt)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div class="actions">
        {v.user === 'not-copycat' ? (
          <button type="button" onClick={() => act(v.site, 'none')}>
            Undo “not a copycat”
          </button>
        ) : v.flagged ? (
          <button type="button" onClick={() => act(v.site, 'not-copycat')} aria-label={`${v.site} is not a copycat`}>
            Not a copycat
          </button>
        ) : (
          <button type="button" onClick={() => act(v.site, 'marked')} aria-label={`Mark ${v.site} as a copycat`}>
            Mark as copycat
          </button>
        )}
        {v.user === 'marked' && (
          <button type="button" onClick={() => act(v.site, 'none')}>
            Unmark
          </button>
        )}
      </div>
    </li>
  );
}

/** The sites worth showing: flagged, listed, decided by the user, or copying something. */
const shown = (v: SiteVerdict) => v.flagged || v.user || v.listedIn.length || v.originals > 0;

/** Options, "Copycat sites": each site with its evidence; "not a copycat" and "mark as copycat". */
export function CopycatSites({ state, set }: { state: CopycatState; set: (s: CopycatState) => void }) {
  const [error, setError] = useState<string>();
  const [name, setName] = useState('');
  const act = async (site: string, verdict: 'not-copycat' | 'marked' | 'none') => {
    try {
      set(await send('copycat/verdict', { site, verdict }));
      setError(undefined);
      return true;
    } catch (e) {
      setError(`Not changed: ${errorText(e)}.`);
      return false;
    }
  };
  const sites = state.sites.filter(shown);
  return (
    <>
      {sites.length ? (
        <ul class="copycat-sites">
          {sites.map((v) => (
            <SiteRow key={v.site} v={v} evidence={state.evidence} act={(s, x) => void act(s, x)} />
          ))}
        </ul>
      ) : (
        <p class="muted" role="status" id="copycat-none">
          No copycat site yet. Page checking notes pages of one site that copy another's; a site copying enough of them shows here.
        </p>
      )}
      <form
        class="add-host"
        onSubmit={(e) => {
          e.preventDefault();
          void act(name.trim(), 'marked').then((ok) => ok && setName(''));
        }}
      >
        <label for="copycat-mark" class="visually-hidden">
          Site to mark as a copycat
        </label>
        <input id="copycat-mark" type="text" placeholder="copycat.example" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} aria-describedby="copycat-error" />
        <button type="submit">Mark as copycat</button>
      </form>
      <p class="field-error" id="copycat-error" role="alert" hidden={!error}>
        {error}
      </p>
    </>
  );
}
