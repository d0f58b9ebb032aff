import { ping } from './jobs/ping';
import type { ProcessorRegistry } from './processor';

/** One processor per job name of shared/src/server/jobs.ts. */
export const processors: ProcessorRegistry = { ping };
