import type { TRound } from '@campus/shared/domain/batch-api';
import type { Round } from '@campus/shared/domain/delivery-rounds';

/** A delivery round of an answer (ISO instants) as the shared rules of rounds take it. */
export function roundOf(round: TRound): Round {
  return { cutoffAt: new Date(round.cutoffAt), deliveryAt: new Date(round.deliveryAt) };
}
