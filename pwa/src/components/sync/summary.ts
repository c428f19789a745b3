import type { SyncFailure } from '../../sync/status';
import type { SyncStatusView } from '../../sync/useSyncStatus';
import { clockTime, timeAgo } from './format';
import { SYNC_MESSAGES as M } from './messages';

/** What the sync status amounts to, most important first. */
export type SyncPhase =
  'offline' | 'needsLogin' | 'failing' | 'syncing' | 'pending' | 'synced' | 'never';

export interface SyncSummary {
  phase: SyncPhase;
  online: boolean;
  /** The header indicator's text. */
  label: string;
  tone: 'ok' | 'busy' | 'warning' | 'error';
  /** One line for the tooltip and the indicator's accessible name. */
  details: string;
  issues: number;
  failure: SyncFailure | null;
  /** "Can't reach the server — your changes are kept on this device, last synced 14:02". */
  failureDetail: string | null;
  /** "3 failed attempts since 14:03. Trying again automatically." */
  attempts: string | null;
}

type StatusInput = Pick<
  SyncStatusView,
  | 'online'
  | 'syncing'
  | 'needsLogin'
  | 'lastFailure'
  | 'consecutiveFailures'
  | 'failingSince'
  | 'lastSyncedAt'
  | 'pendingCount'
  | 'rejections'
  | 'conflicts'
  | 'storageError'
>;

/**
 * Derives the words of the sync indicator and panel from the engine's status. 'Synced …' only
 * when the last sync cycle succeeded: a failed push or pull is shown until a later one succeeds.
 */
export function summarizeSync(
  status: StatusInput,
  browserOnline: boolean,
  now = Date.now(),
): SyncSummary {
  const online = browserOnline && status.online;
  const pending = status.pendingCount;
  const issues = status.rejections.length + status.conflicts.length + (status.storageError ? 1 : 0);
  // A request that failed because the browser was offline says nothing about the server: back
  // online, the engine is already trying again.
  const failure = online && status.lastFailure?.kind !== 'offline' ? status.lastFailure : null;
  const lastSynced = status.lastSyncedAt;

  let phase: SyncPhase;
  if (!online) phase = 'offline';
  else if (status.needsLogin) phase = 'needsLogin';
  else if (failure) phase = 'failing';
  else if (status.syncing) phase = 'syncing';
  else if (pending > 0) phase = 'pending';
  else phase = lastSynced ? 'synced' : 'never';

  const failureDetail =
    phase === 'failing' && failure
      ? failure.kind === 'clientTooOld'
        ? M.updateNeeded
        : M.failureDetail(M.failureReason(failure), lastSynced ? clockTime(lastSynced, now) : null)
      : null;
  const attempts =
    phase === 'failing' && status.consecutiveFailures > 0
      ? M.failedAttempts(
          status.consecutiveFailures,
          clockTime(status.failingSince ?? failure?.at ?? now, now),
        )
      : null;

  const label = {
    offline: M.offline,
    needsLogin: M.needsLogin,
    failing: failure ? M.failureLabel[failure.kind] : '',
    syncing: M.syncing,
    pending: M.pendingLabel(pending),
    synced: M.syncedAgo(timeAgo(lastSynced ?? now, now)),
    never: M.neverSynced,
  }[phase];

  const tone: SyncSummary['tone'] =
    phase === 'failing'
      ? failure?.kind === 'refused' || failure?.kind === 'local'
        ? 'error'
        : 'warning'
      : phase === 'offline' || phase === 'needsLogin'
        ? 'warning'
        : phase === 'syncing' || phase === 'pending'
          ? 'busy'
          : issues > 0
            ? 'error'
            : 'ok';

  const head =
    phase === 'offline'
      ? M.offlineDetail
      : phase === 'needsLogin'
        ? M.needsLoginDetail
        : (failureDetail ?? M.online);
  const details = [
    head,
    pending > 0 ? M.waiting(pending) : null,
    lastSynced && phase !== 'failing' && phase !== 'needsLogin'
      ? M.lastSyncedAgo(timeAgo(lastSynced, now))
      : null,
    issues > 0 ? M.issues(issues) : null,
    phase === 'failing' && status.syncing ? M.retryingNow : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return { phase, online, label, tone, details, issues, failure, failureDetail, attempts };
}
