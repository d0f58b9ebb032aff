// The worker as its own process (scaled mode): any number of replicas on PostgreSQL and Redis.
import { runWorker } from './run-worker';

await runWorker();
