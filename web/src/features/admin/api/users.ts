import {
  ADMIN_API,
  type TUserResponse,
  type TUsersResponse,
} from '@campus/shared/domain/admin-api';
import type { TCreateUserFormValues, TRoleChange } from '@campus/shared/domain/admin-forms';
import { apiPost } from '@/lib/api-client';
import {
  apiDelete,
  apiPatch,
  byId,
  clearList,
  type TAdminFilters,
  useAdminList,
} from './admin-client';

type TUserFilters = Pick<TAdminFilters, 'universityId' | 'campusId' | 'role'>;

/** Creates an account that can sign in at once, with its profile. */
export const createUser = (values: TCreateUserFormValues) =>
  apiPost<TUserResponse>(ADMIN_API.users, values);

export const changeUserRole = (id: string, body: TRoleChange) =>
  apiPatch<TUserResponse>(`${byId(ADMIN_API.users, id)}/role`, body);

export const deleteUser = (id: string) => apiDelete(byId(ADMIN_API.users, id));

/** Deletes the users and campus admins of a campus; super admins stay. */
export const deleteCampusUsers = (campusId: string) => clearList('users', { campusId });

export function useAdminUsers(filters: TUserFilters) {
  return useAdminList('users', filters, (answer: TUsersResponse) => answer.users);
}
