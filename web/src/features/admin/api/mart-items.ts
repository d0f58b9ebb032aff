import {
  ADMIN_API,
  type TMartItemResponse,
  type TMartItemsResponse,
} from '@campus/shared/domain/admin-api';
import { type TMartItemFormValues, ZMartItemForm } from '@campus/shared/domain/admin-forms';
import { adminWrites, clearList, type TAdminFilters, useAdminList } from './admin-client';

export const martItemWrites = adminWrites<TMartItemFormValues, TMartItemResponse>(
  ADMIN_API.martItems,
  ZMartItemForm,
);

/** Clears a campus's mart items. */
export const deleteCampusMartItems = (campusId: string) => clearList('martItems', { campusId });

/** The mart items of a campus, or of every campus with filters (super admin). */
export function useAdminMartItems(filters: Pick<TAdminFilters, 'universityId' | 'campusId'>) {
  return useAdminList('martItems', filters, (answer: TMartItemsResponse) => answer.martItems);
}
