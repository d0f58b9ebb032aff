import type { Metrics } from '@campus/shared/server/metrics/metrics';

/**
 * A checkout's stages, in the order it goes through them (campus_checkout_stage_seconds): the
 * session read; the order key and the form (the repeat lookup, the campus's e-mail domains, the
 * schema); the person's rate limit; the captcha and its one use; the order placed (its lookups and
 * its transaction); its jobs handed to Redis, the stock refresh and the live event.
 */
export const CHECKOUT_STAGES = [
  'session',
  'form',
  'rate_limit',
  'captcha',
  'order',
  'enqueue',
] as const;

export type CheckoutStage = (typeof CHECKOUT_STAGES)[number];

/** Ends a stage of one checkout: records the time since the one before ended, or since it began. */
export type EndStage = (stage: CheckoutStage) => void;

/**
 * The stage clock of one checkout, started now. A stage that refuses the checkout is not recorded,
 * nor are the ones after it: each stage's figures are those of the checkouts that got through it.
 */
export function startStageClock(metrics: Metrics): EndStage {
  let last = performance.now();
  return (stage) => {
    const now = performance.now();
    metrics.checkoutStage.observe({ stage }, (now - last) / 1000);
    last = now;
  };
}
