export {
  groupResults,
  boilerplateFrom,
  type Group,
  type GroupInput,
  type GroupOptions,
  type GroupOutcome,
  type GroupReason,
} from './results';
