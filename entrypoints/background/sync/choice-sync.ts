// Stub: the sync helper replaces this file (issue #30).
import type { SyncStatus } from '../../../lib/sync/status';

export const syncStatus = (): Promise<SyncStatus> => Promise.reject(new Error('sync is not built yet'));
export const setSyncOn = (_on: boolean): Promise<SyncStatus> => syncStatus();
