import { ADMIN_FORM_MESSAGES, type TDomainForm } from '@campus/shared/domain/admin-forms';
import type { TAllowedDomain } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { findCampus } from '../admin/campus-lookup';
import { invalidField } from '../http/errors';

/** The allowed domain a valid form makes, for a campus that exists under the university it names. */
export async function domainOf(db: Db, id: string, form: TDomainForm): Promise<TAllowedDomain> {
  if (!(await findCampus(db, form.universityId, form.campusId))) {
    throw invalidField('campusId', ADMIN_FORM_MESSAGES.selectAUniversityAndCampus);
  }
  return {
    id,
    name: form.name,
    domain: form.domain,
    universityId: form.universityId,
    campusId: form.campusId,
  };
}
