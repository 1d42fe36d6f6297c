import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_SIZES, iconPath, renderIcon } from '../../scripts/icons.mjs';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('icons (public/icon, from assets/icon.svg)', () => {
  it.each(ICON_SIZES)('%i px is square, the right size, and what `npm run icons` makes of the SVG today', (size) => {
    const committed = readFileSync(iconPath(size));
    expect(pngSize(committed)).toEqual([size, size]);
    // A changed SVG with stale PNGs fails here: run `npm run icons` and commit them.
    expect(committed.equals(renderIcon(size))).toBe(true);
  });
});
