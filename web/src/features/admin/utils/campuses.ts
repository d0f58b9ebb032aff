import type { TAdminUniversity } from '@campus/shared/domain/admin-api';

/** 'University - Campus' of a campus id, from the universities list; '' when unknown. */
export function campusLabel(
  universities: readonly TAdminUniversity[] | undefined,
  campusId: string,
): string {
  for (const university of universities ?? []) {
    const campus = university.campuses.find((c) => c.id === campusId);
    if (campus) return `${university.name} - ${campus.name}`;
  }
  return '';
}

/** The campuses of one university of the list ([] when none is chosen). */
export function campusesOf(
  universities: readonly TAdminUniversity[] | undefined,
  universityId: string,
) {
  return universities?.find((u) => u.id === universityId)?.campuses ?? [];
}
