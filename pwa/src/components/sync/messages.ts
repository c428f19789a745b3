/**
 * The words of the sync indicator and the 'Sync issues' panel, in one place. The spec gives no
 * wording for them; the user must always see online/offline, the pending count, the last
 * synced time, failures. Every state is derived from the engine's status in `summary.ts`.
 */
import type { SyncFailure } from '../../sync/status';

const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

export const SYNC_MESSAGES = {
  // Why a conflict happened, said for the kind of record it is.
  conflictReason: (entity: string) =>
    entity === 'recurring_profiles'
      ? 'This recurring profile was changed elsewhere while you were offline; the later change applies from the next invoice on, and the invoices it already made do not change.'
      : 'Two people changed this field at the same time.',
  // Short labels for the header indicator.
  offline: 'Offline',
  syncing: 'Syncing…',
  neverSynced: 'Not synced yet',
  syncedAgo: (ago: string) => `Synced ${ago}`,
  pendingLabel: (count: number) => `${count} pending`,
  needsLogin: 'Log in to sync',

  // Longer descriptions (indicator tooltip and the panel's status card).
  online: 'Online',
  offlineDetail: 'Offline — changes are kept on this device and sync when you are back online',
  waiting: (count: number) => `${changes(count)} waiting to sync`,
  nothingWaiting: 'No changes waiting to sync',
  lastSyncedAgo: (ago: string) => `Last synced ${ago}`,
  issues: (count: number) => `${count} sync ${count === 1 ? 'issue' : 'issues'}`,
  needsLoginDetail:
    'Your session has ended — your changes are kept on this device until you log in',

  // A failing sync: a headline, and the reason with what it means for the user's changes.
  failureLabel: {
    offline: "Can't reach the server",
    network: "Can't reach the server",
    timeout: 'Server not responding',
    server: 'Server problem',
    auth: 'Log in to sync',
    refused: 'Sync refused',
    local: 'Sync failed',
    clientTooOld: 'Update needed',
    clientTooNew: 'Waiting for the server',
  } satisfies Record<SyncFailure['kind'], string>,
  failureReason(failure: SyncFailure): string {
    switch (failure.kind) {
      case 'offline':
      case 'network':
        return "Can't reach the server";
      case 'timeout':
        return 'The server is not responding';
      case 'server':
        return `The server has a problem${failure.status ? ` (error ${failure.status})` : ''}`;
      case 'auth':
        return 'Your session has ended';
      case 'refused':
        return `The server refused to sync${failure.status ? ` (error ${failure.status})` : ''}: ${failure.message}`;
      case 'local':
        return `Syncing failed on this device: ${failure.message}`;
      case 'clientTooOld':
        return 'This version of the app is too old for the server';
      case 'clientTooNew':
        return 'The server does not support this version of the app yet';
    }
  },
  /** The server no longer accepts this app's protocol: the app updates itself, then replays. */
  updateNeeded: 'An update is needed to send your changes — they are kept on this device',
  /** "Can't reach the server — your changes are kept on this device, last synced 14:02". */
  failureDetail: (reason: string, lastSynced: string | null) =>
    `${reason} — your changes are kept on this device, ${lastSynced ? `last synced ${lastSynced}` : 'nothing has synced yet'}`,
  failedAttempts: (count: number, since: string) =>
    `${count === 1 ? '1 failed attempt' : `${count} failed attempts`} since ${since}. Trying again automatically.`,
  retryingNow: 'Trying again now…',
  retry: 'Retry now',
  syncNow: 'Sync now',

  /**
   * Where a conflict came from: "“555-0111” overwritten on Anna's tablet by you, from Anna's
   * laptop". Devices are named as they were then; an unnamed or unknown one is said so.
   */
  conflictOrigin(parts: {
    value: string;
    lostOn: string | null | undefined;
    lostDeviceKnown: boolean;
    by: string;
    from: string | null | undefined;
    fromDeviceKnown: boolean;
  }): string {
    const device = (name: string | null | undefined) => (name ? name : 'an unnamed device');
    return [
      `${parts.value} overwritten`,
      parts.lostDeviceKnown ? ` on ${device(parts.lostOn)}` : '',
      ` by ${parts.by}`,
      parts.fromDeviceKnown ? `, from ${device(parts.from)}` : '',
    ].join('');
  },
  you: 'you',
  anotherUser: 'another user',

  // The panel's status card and its empty state.
  cardTitle: {
    offline: 'Offline',
    syncing: 'Syncing…',
    pending: 'Waiting to sync',
    online: 'Online',
  },
  lastSyncedLower: (ago: string) => `last synced ${ago}`,
  neverSyncedLower: 'not synced yet',
  noIssues: 'No sync issues',
  cleanPending: 'Your changes are saved on this device and will sync automatically.',
  cleanOffline: 'Changes you make are kept on this device and sync when you are back online.',
  cleanNeverSynced: 'Nothing has synced with the server yet.',
  cleanSynced: 'Everything on this device matches the server.',
} as const;
