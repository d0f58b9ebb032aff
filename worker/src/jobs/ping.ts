import type { JobProcessor } from '../job-context';

/** Answers a ping with the time it was seen, proving the queue loop end to end. */
export const ping: JobProcessor<'ping'> = async (payload, { log }) => {
  log.info({ requestedAt: payload.requestedAt }, 'ping received');
  return { pong: true, requestedAt: payload.requestedAt, answeredAt: new Date().toISOString() };
};
