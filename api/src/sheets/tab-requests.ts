import { randomBytes } from 'node:crypto';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TSheetTabRequest } from '@campus/shared/domain/sheet-requests';
import { sheetTabName, sheetTabNameProblem } from '@campus/shared/domain/sheet-tab';
import type { Db } from '@campus/shared/server/db/client';
import { type JobName, type JobPayload, jobId } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import type { Logger } from 'pino';
import { type AuditEntry, audit } from '../admin/audit';
import { invalidField, unavailable } from '../http/errors';

// The operators' own-backend requests about tabs (docs/product.md §7): the tab they name, the job
// they queue and the audit row of the change.

/** What the operators' tab requests use. */
export type TabRequestDeps = { db: Db; producer: Producer; log: Logger };

/** The tab a create / delete request is about, or the 400 that says why it has none. */
export function requestedTab(request: TSheetTabRequest): string {
  const problem = sheetTabNameProblem([], request);
  if (problem) throw invalidField('campusName', problem);
  return sheetTabName(request.universityName, request.campusName);
}

/**
 * Queues a tab job under the id `sheet-tab-<key>-<request>`: a new one per request, so creating a
 * tab again after deleting it is a new job, not a duplicate. A 503 when the queue does not
 * answer. Answers the job's id.
 */
export async function queueSheetJob<N extends JobName>(
  deps: Pick<TabRequestDeps, 'producer' | 'log'>,
  name: N,
  payload: JobPayload<N>,
  key: string[],
): Promise<string> {
  const id = jobId('sheet-tab', ...key, `${Date.now()}-${randomBytes(4).toString('hex')}`);
  try {
    return (await deps.producer.enqueue(name, payload, { jobId: id })).id;
  } catch (error) {
    deps.log.error({ err: error, job: name, jobId: id }, 'could not queue a sheet job');
    throw unavailable({ logMessage: 'the queue did not answer', cause: error });
  }
}

/**
 * Records a super admin's change to a tab once it is made: a job queued, rows appended. Neither
 * Redis nor the sheet can join a database transaction, and a call that failed changed nothing.
 */
export async function auditTabChange(
  db: Db,
  actor: TUserProfile,
  action: AuditEntry['action'],
  tabName: string,
  details: Record<string, unknown>,
): Promise<void> {
  await audit(db, actor, { action, entity: 'sheet-tab', entityId: tabName, details });
}
