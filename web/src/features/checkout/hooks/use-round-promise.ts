import { roundPromise } from '@campus/shared/domain/delivery-rounds';
import { useQuery } from '@tanstack/react-query';
import { roundOf } from '@/lib/rounds';
import { useNow } from '@/lib/use-now';
import { checkoutRoundQueryOptions } from '../api/checkout-api';

/**
 * What the summary promises about delivery ('Arrives with the 1:30 PM round; order by 12:30 PM'),
 * after what made it a later round: a restaurant of the bucket (`restaurantIds`) full in an
 * earlier one (decision 026). Null where the campus delivers outside rounds. A passed cut-off
 * shows nothing until the next round is known.
 */
export function useRoundPromise(
  campusId: string | null,
  restaurantIds: readonly string[] = [],
): string | null {
  const answer = useQuery(checkoutRoundQueryOptions(campusId, restaurantIds));
  const now = useNow(30_000);
  const round = answer.data?.round;
  if (!round || !answer.data) return null;
  const rule = roundOf(round);
  if (rule.cutoffAt <= now) return null;
  const promise = roundPromise(rule, now, answer.data.timeZone);
  return answer.data.fullNote ? `${answer.data.fullNote} ${promise}.` : promise;
}
