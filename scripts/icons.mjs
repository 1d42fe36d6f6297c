// `npm run icons`: rasterizes the one icon source, assets/icon.svg, into public/icon/<size>.png, where
// WXT finds them for the manifest's `icons` (wxt.config.ts names them for the toolbar button too).
// The PNGs are committed, so a build needs no rasterizer; run this after changing the SVG.
// `--check` rasterizes in memory and exits 1 when a committed PNG differs (test/unit/icons.test.ts).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ICON_SOURCE = join(root, 'assets', 'icon.svg');
export const ICON_SIZES = [16, 32, 48, 128];
export const iconPath = (size) => join(root, 'public', 'icon', `${size}.png`);

/** The PNG bytes of the icon at `size` px square. */
export function renderIcon(size, svg = readFileSync(ICON_SOURCE, 'utf8')) {
  // No system fonts: the icon has no text, and loading them would only make the output machine-dependent.
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } });
  return resvg.render().asPng();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const svg = readFileSync(ICON_SOURCE, 'utf8');
  let stale = 0;
  for (const size of ICON_SIZES) {
    const png = renderIcon(size, svg);
    const out = iconPath(size);
    if (check) {
      let old;
      try {
        old = readFileSync(out);
      } catch {
        old = undefined;
      }
      if (!old?.equals(png)) {
        stale++;
        console.error(`${out}: out of date with assets/icon.svg (run npm run icons)`);
      }
    } else {
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, png);
      console.log(`${out}  ${png.length} bytes`);
    }
  }
  if (stale) process.exit(1);
}
