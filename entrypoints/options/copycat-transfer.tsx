import { useState } from 'preact/hooks';
import { type BadLine, toDomains, toRuleset } from '../../lib/copycat/ruleset';
import { MAX_LIST_BYTES } from '../../lib/limits';
import type { CopycatState } from '../../lib/copycat/table';
import { plural } from '../../page-support/format';
import { errorText, send } from '../../page-support/messaging';
import { download } from '../../page-support/use-copycats';

type Outcome = { kind: 'none' } | { kind: 'busy' } | { kind: 'ok'; name: string; sites: number; bad: BadLine[] } | { kind: 'failed'; error: string; bad: BadLine[] };

function BadLines({ bad }: { bad: BadLine[] }) {
  if (!bad.length) return null;
  return (
    <ul class="bad-lines">
      {bad.map((b) => (
        <li key={b.line}>
          line {b.line}: <code>{b.text}</code> — {b.reason}
        </li>
      ))}
    </ul>
  );
}

/** Export the flagged sites (uBlacklist ruleset, domains list); import either as a prior ("listed in …"). */
export function CopycatTransfer({ state, set }: { state: CopycatState; set: (s: CopycatState) => void }) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const flagged = state.sites.filter((v) => v.flagged);
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_LIST_BYTES) return setOutcome({ kind: 'failed', error: `${file.name} is larger than ${MAX_LIST_BYTES / 1e6} MB: not a site list`, bad: [] });
    setOutcome({ kind: 'busy' });
    try {
      const r = await send('copycat/import', { name: file.name.replace(/\.[a-z0-9]+$/i, '').slice(0, 100) || 'imported list', text: await file.text() });
      if ('error' in r) return setOutcome({ kind: 'failed', error: `${file.name}: ${r.error}`, bad: r.bad });
      set(r.state);
      setOutcome({ kind: 'ok', name: r.name, sites: r.sites, bad: r.bad });
    } catch (e) {
      setOutcome({ kind: 'failed', error: errorText(e), bad: [] });
    }
  };
  return (
    <>
      <h3>Export</h3>
      <div class="actions">
        <button type="button" disabled={!flagged.length} onClick={() => download('resemble-copycats.ublacklist.txt', toRuleset(flagged, state.evidence, Date.now()))}>
          uBlacklist ruleset
        </button>
        <button type="button" disabled={!flagged.length} onClick={() => download('resemble-copycats.domains.txt', toDomains(flagged))}>
          Domains list
        </button>
        <span class="muted">{flagged.length ? plural(flagged.length, 'site') : 'No copycat site to export.'}</span>
      </div>
      <h3>Import</h3>
      <p class="hint" id="copycat-import-hint">
        A uBlacklist ruleset or a list of domains (such as a public copycat list): its sites are labelled “listed in …” until Resemble's own evidence agrees or disagrees.
      </p>
      <div class="actions">
        <label for="copycat-import">Import a list</label>
        <input id="copycat-import" type="file" accept=".txt,text/plain" aria-describedby="copycat-import-hint copycat-import-outcome" onChange={(e) => void pick(e.target as HTMLInputElement)} />
      </div>
      <div id="copycat-import-outcome" role="status">
        {outcome.kind === 'busy' && <p class="muted">Reading…</p>}
        {outcome.kind === 'ok' && (
          <p class="ok">
            Imported {plural(outcome.sites, 'site')} as “{outcome.name}”{outcome.bad.length ? `; ${plural(outcome.bad.length, 'line')} skipped:` : '.'}
          </p>
        )}
        {outcome.kind === 'failed' && (
          <p class="field-error" role="alert">
            Not imported: {outcome.error}. Nothing was changed.
          </p>
        )}
        {(outcome.kind === 'ok' || outcome.kind === 'failed') && <BadLines bad={outcome.bad} />}
      </div>
      {state.lists.length > 0 && (
        <ul class="hosts copycat-lists">
          {state.lists.map((l) => (
            <li key={l.name}>
              <span>
                {l.name} <span class="muted">({plural(l.sites, 'site')}, imported {new Date(l.at).toISOString().slice(0, 10)})</span>
              </span>
              <button type="button" aria-label={`Remove the list ${l.name}`} onClick={() => void send('copycat/forget-list', { name: l.name }).then(set, () => undefined)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
