/** What the options are told of the choices' sync (issue #30). */
export interface SyncStatus {
  /** False when the user keeps their choices on this device only. */
  on: boolean;
  /** Choices in storage.sync now, and bytes they take. */
  synced: number;
  bytes: number;
  /** The oldest choices that did not fit the quota and stay on this device only. */
  keptLocal: number;
  /** The last write that failed, why (the browser's words) and when. */
  failed?: { at: number; message: string };
  /** The settings could not go to sync (too big for an item, or refused): kept on this device since `at`, why. */
  settingsLocal?: { at: number; bytes: number; message: string };
}
