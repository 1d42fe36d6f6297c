import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/commands/index';
import { CORPUS_HELP } from '../../cli/corpus-args';

/** docs/cli.md copies the CLI's help (regenerated from it): this keeps the copy true. */
describe('docs/cli.md', () => {
  const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');

  it.each(COMMANDS.map((c) => [c.name, c] as const))('holds the help of %s', (_name, c) => {
    expect(doc).toContain(`resemble ${c.usage}`);
    expect(doc).toContain(c.help.replace(`\n\n${CORPUS_HELP}`, ''));
  });

  it('holds the corpus options, once', () => {
    expect(doc).toContain(CORPUS_HELP.replace(/default: the cores, \d+ here/, 'default: the cores'));
    expect(doc.match(/^## Corpus input/gm)).toHaveLength(1);
    expect(doc.match(/^Corpus input \(any mix/gm)).toHaveLength(1);
  });
});
