import type { TAdminCampus } from '@campus/shared/domain/admin-api';
import type { TCampusForm } from '@campus/shared/domain/admin-forms';
import { campuses } from '@campus/shared/server/db/schema';

/** The columns of a campus as its admins see it (TAdminCampus). */
export const campusColumns = {
  id: campuses.id,
  universityId: campuses.universityId,
  name: campuses.name,
  location: campuses.location,
  payToAccountTitle: campuses.payToAccountTitle,
  payToBankName: campuses.payToBankName,
  payToAccountNumber: campuses.payToAccountNumber,
};

/** The campus a valid form makes; a blank location or pay-to field is none (the default). */
export function campusOf(id: string, form: TCampusForm): TAdminCampus {
  return {
    id,
    universityId: form.universityId,
    name: form.name,
    location: form.location || null,
    payToAccountTitle: form.payToAccountTitle || null,
    payToBankName: form.payToBankName || null,
    payToAccountNumber: form.payToAccountNumber || null,
  };
}
