/** Lost and found (issue #7): the pure logic. The background fetches; these decide and measure. */
export { pickPhrases, PHRASE_SCAN_CHARS, type PhraseOptions } from './phrases';
export { looksLikeErrorPage, isSoft404, probeUrl, deadReason, ERROR_PAGE_MAX_WORDS, type PageSample, type ProbeAnswer } from './soft404';
export { availabilityUrl, parseAvailability, rawSnapshotUrl, archivedCopyUsable, waybackTimestamp, parseWaybackTimestamp } from './archive';
export { isDeadLoad, deadLoadStatus, NOT_DEATH_STATUSES, type FailedLoad } from './dead-load';
export { searchQueries, searchUrl, MAX_QUERIES, MAX_QUERY_CHARS, type SearchEngine } from './search';
export { askEngines, PER_SEARCH, type AskOptions, type Asked } from './ask-engines';
export { verifyCopy, confirmByPhrases, verifyBySnippet, PHRASES_NEEDED, NO_PHRASE_FLOOR, SNIPPET_SHARE, SNIPPET_MIN_WINDOWS } from './confirm';
export { HeldText, phrasesHeld, snippetHeld, snippetPieces, WINDOW } from './held';
export {
  verify,
  titleResemblance,
  basisRank,
  rankAlternates,
  SOURCE_ORDER,
  TITLE_THRESHOLD,
  TITLE_MIN_WORDS,
  type AlternateSource,
  type Rankable,
  type Verification,
  type VerifyOptions,
} from './rank';
