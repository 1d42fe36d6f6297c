/** URLs and titles kept at most (a hostile page's 3,000-character addresses are clipped, not stored). */
export const MAX_URL = 300;
export const MAX_TITLE = 120;

/** A string cut to `max` characters, an ellipsis marking the cut. */
export const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
