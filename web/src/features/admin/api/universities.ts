import {
  ADMIN_API,
  type TUniversitiesResponse,
  type TUniversityDeleteResponse,
  type TUniversityResponse,
} from '@campus/shared/domain/admin-api';
import { type TUniversityFormValues, ZUniversityForm } from '@campus/shared/domain/admin-forms';
import { adminGet, adminKeys, adminWrites, useAdminQuery } from './admin-client';

const fetchUniversities = () => adminGet<TUniversitiesResponse>(ADMIN_API.universities);

/** Adds or renames a university; deleting one takes its campuses, catalogue and domains along. */
export const universityWrites = adminWrites<
  TUniversityFormValues,
  TUniversityResponse,
  TUniversityDeleteResponse
>(ADMIN_API.universities, ZUniversityForm);

/** Every university with its campuses (super admin only: GET /api/admin/universities). */
export function useAdminUniversities(enabled = true) {
  const select = (answer: TUniversitiesResponse) => answer.universities;
  return useAdminQuery(adminKeys.universities(), fetchUniversities, select, enabled);
}
