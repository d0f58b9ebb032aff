import type { Database } from '@campus/shared/server/db/client';
import type { JobName, JobPayload } from '@campus/shared/server/jobs';
import type { Logger } from 'pino';

export interface WorkerDeps {
  database: Database;
  log: Logger;
}

export interface JobContext extends WorkerDeps {
  jobId: string;
  attempt: number;
}

export type JobProcessor<N extends JobName> = (
  payload: JobPayload<N>,
  context: JobContext,
) => Promise<unknown>;

export type ProcessorRegistry = { [N in JobName]: JobProcessor<N> };
