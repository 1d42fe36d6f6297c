/**
 * Renames every class name and id of a saved HTML page to seeded random tokens (what a search engine's
 * CSS rebuild does), to make test pages for the structural results-page reader: it must read the
 * renamed page as it reads the original (issue #27). The work is done by test/helpers/rename-names.ts.
 *
 *   npx tsx scripts/rename-names.ts --seed 7 in.html > out.html
 *   npx tsx scripts/rename-names.ts --seed 7 -o out.html in.html
 *
 * Bytes are kept: valid UTF-8 is read and written as UTF-8 (BOM kept), anything else as latin1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renameNames } from '../test/helpers/rename-names';

const USAGE = `Usage: npx tsx scripts/rename-names.ts [--seed N] [-o out.html] [in.html | -]

Renames every class name and id of a saved HTML page (and the references to them: for, aria-*,
href="#id", url(#id), <style> selectors) to random letter tokens chosen by the seed (default 1), leaving
every other byte as it was, so a test page checks that the structural results-page reader does not depend
on names (issue #27). Reads the file (or stdin when absent or "-"), writes stdout unless -o is given.
`;

function fail(msg: string): never {
  process.stderr.write(`rename-names: ${msg}\n\n${USAGE}`);
  process.exit(2);
}

let seed = 1;
let input = '-';
let output: string | undefined;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '-h' || a === '--help') {
    process.stdout.write(USAGE);
    process.exit(0);
  } else if (a === '--seed' || a.startsWith('--seed=')) {
    const v = a.includes('=') ? a.slice(7) : args[++i];
    if (!v || !/^-?\d+$/.test(v)) fail(`--seed needs an integer, got ${v ?? 'nothing'}`);
    seed = Number(v);
  } else if (a === '-o' || a === '--output') {
    output = args[++i] ?? fail(`${a} needs a file name`);
  } else if (a.startsWith('-') && a !== '-') {
    fail(`unknown option ${a}`);
  } else {
    input = a;
  }
}

const bytes = readFileSync(input === '-' ? 0 : input);
let utf8 = true;
let html: string;
try {
  // ignoreBOM keeps a BOM in the text, so writing it back gives the same bytes.
  html = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
} catch {
  utf8 = false;
  html = bytes.toString('latin1');
}
const out = Buffer.from(renameNames(html, seed), utf8 ? 'utf8' : 'latin1');
if (output) writeFileSync(output, out);
else process.stdout.write(out);
