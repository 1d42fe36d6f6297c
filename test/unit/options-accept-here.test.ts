/**
 * Issue #38, the options: an added engine or a SearXNG host that is not accepted on this device (it came
 * through sync) is said to come from another device, with one button to accept it here. The click asks
 * the browser for access to the host when it is missing, and accepts it (engines/accept) only if granted.
 */
import { h } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AcceptedHere } from '../../lib/engines/accepted-here';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings';
import { grantedOrigins } from './helpers/fake-browser';
import { mountIn } from './helpers/mount';

let here: AcceptedHere = { added: [], searxng: [] };
const sent: unknown[] = [];
vi.mock('../../page-support/messaging', async (original) => ({
  ...(await original<typeof import('../../page-support/messaging')>()),
  send: async (type: string, payload: { kind: 'added' | 'searxng'; host: string }) => {
    sent.push({ type, payload });
    if (type === 'engines/accept') here = { ...here, [payload.kind]: [...here[payload.kind], payload.host] };
    return type === 'engines/here' || type === 'engines/accept' ? here : new Promise(() => {});
  },
}));
const { AddedEngineControls } = await import('../../entrypoints/options/engines/added-engines');
const { SearxngHosts } = await import('../../entrypoints/options/engines/searxng-hosts');

const granted = new Set<string>();
grantedOrigins(granted);
let grant = true;
const request = vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(async ({ origins = [] }) => {
  if (grant) for (const o of origins) granted.add(o);
  return grant;
});

const MINE = 'mine.example.com';
const THEIRS = 'theirs.example.com';
const engine = (host: string) => ({ host, path: '/find', param: 'q', name: host });
const settings: Settings = { ...DEFAULT_SETTINGS, addedEngines: [engine(MINE), engine(THEIRS)], searxngHosts: [MINE, THEIRS] };

const row = (root: HTMLElement, host: string) => root.querySelector(`li[data-host="${host}"]`)!;
const button = (li: Element, words: string) => [...li.querySelectorAll('button')].find((b) => b.textContent === words);

describe.each([
  ['added engines', AddedEngineControls, 'added', 'added-proposed'],
  ['SearXNG hosts', SearxngHosts, 'searxng', 'searxng-proposed'],
] as const)('options, %s from another device', (_what, Controls, kind, testid) => {
  beforeEach(() => {
    here = { added: [MINE], searxng: [MINE] };
    sent.length = 0;
    granted.clear();
    request.mockClear();
    grant = true;
  });

  const mount = () => mountIn(h(Controls, { settings, save: async () => undefined }));

  it('says which came from another device, with one button to accept it here', async () => {
    const { root } = mount();
    await vi.waitFor(() => expect(row(root, THEIRS).querySelector(`[data-testid="${testid}"]`)).not.toBeNull());
    expect(row(root, THEIRS).textContent).toContain('from another device: not read on this one until you accept it');
    expect(button(row(root, THEIRS), 'Accept on this device')).toBeDefined();
    // Its access is asked for by the accept button: no second button for it.
    expect(button(row(root, THEIRS), 'Allow access')).toBeUndefined();
    expect(row(root, MINE).querySelector(`[data-testid="${testid}"]`)).toBeNull();
    expect(button(row(root, MINE), 'Accept on this device')).toBeUndefined();
  });

  it('accepting asks for access to the host in the click, then accepts it here', async () => {
    const { root, window } = mount();
    await vi.waitFor(() => expect(button(row(root, THEIRS), 'Accept on this device')).toBeDefined());
    button(row(root, THEIRS), 'Accept on this device')!.dispatchEvent(new window.Event('click', { bubbles: true }));
    expect(request).toHaveBeenCalledWith({ origins: [`https://${THEIRS}/*`] });
    await vi.waitFor(() => expect(sent).toContainEqual({ type: 'engines/accept', payload: { kind, host: THEIRS } }));
    await vi.waitFor(() => expect(row(root, THEIRS).querySelector(`[data-testid="${testid}"]`)).toBeNull());
  });

  it('access refused: not accepted, and said', async () => {
    grant = false;
    const { root, window } = mount();
    await vi.waitFor(() => expect(button(row(root, THEIRS), 'Accept on this device')).toBeDefined());
    button(row(root, THEIRS), 'Accept on this device')!.dispatchEvent(new window.Event('click', { bubbles: true }));
    await vi.waitFor(() => expect(root.textContent).toContain(`Access to ${THEIRS} was not granted, so it was not accepted on this device.`));
    expect(sent.filter((m) => (m as { type: string }).type === 'engines/accept')).toEqual([]);
  });

  it('access already granted (every site, for page checking): accepted without asking again', async () => {
    granted.add(`https://${THEIRS}/*`);
    const { root, window } = mount();
    await vi.waitFor(() => expect(button(row(root, THEIRS), 'Accept on this device')).toBeDefined());
    // The access check has answered before the click (the button asks unless it knows access is there).
    await vi.waitFor(() => expect(fakeBrowser.permissions.contains).toHaveBeenCalledWith({ origins: [`https://${THEIRS}/*`] }));
    await new Promise((r) => setTimeout(r, 20));
    button(row(root, THEIRS), 'Accept on this device')!.dispatchEvent(new window.Event('click', { bubbles: true }));
    await vi.waitFor(() => expect(sent).toContainEqual({ type: 'engines/accept', payload: { kind, host: THEIRS } }));
    expect(request).not.toHaveBeenCalled();
  });
});
