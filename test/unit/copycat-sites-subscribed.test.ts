/**
 * Options → Copycat sites, the site rows' "(subscription)" (issue #30): which listings of a site are
 * subscriptions is told by the subscription's address, not its name, so a subscription that shares its
 * name with an imported list is still said to be one (and the imported list is still named plainly).
 */
import { h } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { packSites } from '../../lib/copycat/listed';
import { copycatState } from '../../lib/copycat/table';
import { mountIn } from './helpers/mount';

// Nothing here asks the background (the rows render from the state given).
vi.mock('../../page-support/messaging', async (original) => ({
  ...(await original<typeof import('../../page-support/messaging')>()),
  send: () => new Promise(() => {}),
}));
const { CopycatSites } = await import('../../entrypoints/options/copycats/copycat-sites');

const SUB = 'https://lists.example/clones.txt';
const rule = { minOriginals: 2, minSites: 2 };
const imported = (name: string, sites: string[]) => ({ name, at: 1, ...packSites(sites) });
const subscribed = (name: string, sites: string[], sub: string) => ({ ...imported(name, sites), sub });

function statuses(lists: Parameters<typeof copycatState>[0]['lists']): Record<string, string> {
  const state = copycatState({ evidence: [], user: { notCopycat: [], marked: [] }, lists }, rule);
  const { root } = mountIn(h(CopycatSites, { state, set: () => undefined }));
  return Object.fromEntries(
    [...root.querySelectorAll('.copycat-site')].map((el) => [el.getAttribute('data-site'), el.querySelector('.copycat-status')?.textContent]),
  );
}

describe('options: which lists holding a site are subscriptions', () => {
  it('a subscription sharing its name with an imported list is still said to be one', () => {
    expect(statuses([imported('Clones', ['a.example', 'c.example']), subscribed('Clones', ['a.example', 'b.example'], SUB)])).toEqual({
      'a.example': 'Copycat: listed in Clones, Clones (subscription)',
      'b.example': 'Copycat: listed in Clones (subscription)',
      'c.example': 'Copycat: listed in Clones',
    });
  });
  it('names of their own: each said as it is', () => {
    expect(statuses([imported('Mine', ['a.example']), subscribed('Theirs', ['a.example'], SUB), subscribed('Other', ['a.example'], `${SUB}?2`)])).toEqual({
      'a.example': 'Copycat: listed in Mine, Theirs (subscription), Other (subscription)',
    });
  });
});
