export {
  groupResults,
  boilerplateFrom,
  type Group,
  type GroupInput,
  type GroupOptions,
  type GroupOutcome,
  type GroupReason,
} from './results';
export { DEFAULT_MIN_PAST_PAGES } from './snippet-groups';
export { groupWithPages, fromSnippets, type PageEvidence, type PageGroup, type PageReason, type PageGroupingOptions } from './pages';
export { staysVisible, memberRole, hideableMembers, hiddenRanks } from './visible';
