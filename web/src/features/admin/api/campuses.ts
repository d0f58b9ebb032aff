import { ADMIN_API, type TCampusResponse } from '@campus/shared/domain/admin-api';
import { type TCampusFormValues, ZCampusForm } from '@campus/shared/domain/admin-forms';
import { adminWrites } from './admin-client';

/** Adds, edits or deletes a campus; each answers what became of its order sheet tab's job. */
export const campusWrites = adminWrites<TCampusFormValues, TCampusResponse, TCampusResponse>(
  ADMIN_API.campuses,
  ZCampusForm,
);
