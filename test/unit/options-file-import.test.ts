/**
 * Issue #39: "import a file" written once (components/file-import.tsx), for copycat lists and added
 * engines alike: a file too large is refused unread, the outcome says what came in or why not, with
 * what was skipped, and a throw is said as a failure.
 */
import { h } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { FileImport, type ImportOutcome } from '../../components/file-import';
import { mountIn } from './helpers/mount';

function mount(read: (file: File, text: string) => Promise<ImportOutcome>) {
  const m = mountIn(
    h(FileImport, {
      id: 'thing-import',
      label: 'Import a thing',
      accept: '.txt',
      maxBytes: 10,
      hintId: 'thing-hint',
      tooLarge: (file: File) => `${file.name} is too large`,
      failure: (file: File, why: string) => `Not imported: ${file.name}: ${why}`,
      read,
    }),
  );
  const input = m.root.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (file: File) => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new m.window.Event('change', { bubbles: true }));
  };
  const outcome = () => m.root.querySelector('#thing-import-outcome')!;
  return { input, pick, outcome, root: m.root };
}

describe('FileImport', () => {
  it('labels its input and is described by the hint and its outcome', () => {
    const { input, root } = mount(async () => ({ ok: true, words: '' }));
    expect(root.querySelector('label[for="thing-import"]')?.textContent).toBe('Import a thing');
    expect(input.getAttribute('aria-describedby')).toBe('thing-hint thing-import-outcome');
    expect(root.querySelector('#thing-import-outcome')?.getAttribute('role')).toBe('status');
  });

  it('reads a file in and says what came of it, with what was skipped', async () => {
    const read = vi.fn(
      async (file: File, text: string): Promise<ImportOutcome> => ({ ok: true, words: `${file.name}: ${text}`, skipped: h('ul', { class: 'skipped' }) }),
    );
    const { pick, outcome } = mount(read);
    pick(new File(['a.example'], 'list.txt'));
    await vi.waitFor(() => expect(outcome().querySelector('.ok')?.textContent).toBe('list.txt: a.example'));
    expect(outcome().querySelector('.skipped')).not.toBeNull();
  });

  it('refuses a file too large unread, and says a failure or a throw as one', async () => {
    const read = vi.fn(async (): Promise<ImportOutcome> => ({ ok: false, why: 'no line names a site' }));
    const { pick, outcome } = mount(read);
    pick(new File(['x'.repeat(11)], 'big.txt'));
    await vi.waitFor(() => expect(outcome().querySelector('[role="alert"]')?.textContent).toBe('Not imported: big.txt: big.txt is too large'));
    expect(read).not.toHaveBeenCalled();
    pick(new File(['x'], 'notes.txt'));
    await vi.waitFor(() => expect(outcome().querySelector('[role="alert"]')?.textContent).toBe('Not imported: notes.txt: no line names a site'));
    read.mockRejectedValueOnce(new Error('the background is gone.'));
    pick(new File(['x'], 'again.txt'));
    await vi.waitFor(() => expect(outcome().querySelector('[role="alert"]')?.textContent).toBe('Not imported: again.txt: the background is gone'));
  });
});
