/**
 * The measured constants of the heuristic (scripts/measure-main-text.ts varies them). Defaults in
 * MAIN_TEXT_DEFAULTS; the parameter exists for measuring, callers need not pass it.
 */
export interface MainTextTuning {
  /** An element holding at least this share of the page's visible text is never dropped as chrome. */
  guard: number;
  /** A lone <article> / <main> is the main container when it holds at least this share of the kept text. */
  containerShare: number;
  /** Beside a density pick, blocks with at least this many visible characters… */
  proseMin: number;
  /** …and a link density below this are kept as more of the document. */
  proseLinkDensity: number;
  /** In-page links (href="#…") weigh this much in link density (Readability's 0.3): a book's index stays. */
  hashLinkWeight: number;
  /** "header"/"footer" in a class or id are chrome only without a content word ("article-header" stays). */
  weakHeaderWords: boolean;
}

export const MAIN_TEXT_DEFAULTS: Readonly<MainTextTuning> = Object.freeze({
  guard: 0.5,
  containerShare: 0.5,
  proseMin: 80,
  proseLinkDensity: 0.25,
  hashLinkWeight: 0.3,
  weakHeaderWords: true,
});
