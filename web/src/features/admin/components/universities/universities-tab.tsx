import type {
  TAdminCampus,
  TAdminUniversity,
  TSheetTabOutcome,
} from '@campus/shared/domain/admin-api';
import { ADMIN_CONFIRM_MESSAGES, ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { campusWrites } from '../../api/campuses';
import { universityWrites, useAdminUniversities } from '../../api/universities';
import { useCrudManager } from '../../hooks/use-crud-manager';
import { TabSection } from '../tab-section';
import { CampusForm } from './campus-form';
import { UniversityForm } from './university-form';
import { UniversityList } from './university-list';

const NO_UNIVERSITY = { id: '', name: '' };
const NO_CAMPUS = {
  id: '',
  universityId: '',
  name: '',
  location: '',
  payToAccountTitle: '',
  payToBankName: '',
  payToAccountNumber: '',
};

const UNIVERSITY_TEXTS = {
  saveFailed: ADMIN_MESSAGES.saveUniversityFailed,
  deleteFailed: ADMIN_MESSAGES.deleteUniversityFailed,
  confirmDelete: ADMIN_CONFIRM_MESSAGES.deleteUniversity,
};

const CAMPUS_TEXTS = {
  saveFailed: ADMIN_MESSAGES.saveCampusFailed,
  deleteFailed: ADMIN_MESSAGES.deleteCampusFailed,
  confirmDelete: ADMIN_CONFIRM_MESSAGES.deleteCampus,
};

/** The messages of the sheet tab jobs that could not be queued, in the words of `notice`. */
function tabFailures(
  outcomes: readonly (TSheetTabOutcome | undefined)[],
  notice: (message: string) => string,
): string[] {
  return outcomes.flatMap((outcome) =>
    outcome && !outcome.queued ? [notice(outcome.message)] : [],
  );
}

const campusForm = (campus: TAdminCampus) => ({
  id: campus.id,
  universityId: campus.universityId,
  name: campus.name,
  location: campus.location ?? '',
  payToAccountTitle: campus.payToAccountTitle ?? '',
  payToBankName: campus.payToBankName ?? '',
  payToAccountNumber: campus.payToAccountNumber ?? '',
});

/**
 * The Universities & Campuses tab (docs/product.md §2): every university with its campuses, the
 * add/edit forms of both, and deletions behind a danger dialog (a university takes its campuses,
 * restaurants, menu items and mart items along). What the sheet tab jobs could not do yet shows
 * above, each message once (a deleted university's campuses may all fail alike).
 */
export function UniversitiesTab({ focusAdd = false }: { focusAdd?: boolean }) {
  const query = useAdminUniversities();
  const [notices, setNotices] = useState<string[]>([]);
  const university = useCrudManager({
    empty: () => NO_UNIVERSITY,
    writes: universityWrites,
    texts: UNIVERSITY_TEXTS,
    focus: 'name',
    // A rename moves each campus's orders to a tab of the new name.
    onSaved: (answer) =>
      setNotices(tabFailures(answer.sheetTabs ?? [], ADMIN_MESSAGES.universityRenameTabFailed)),
    onDeleted: (answer, id) => {
      // Its campuses went with it, the one in the campus form too.
      if (campus.form.getValues('universityId') === id) campus.toAddMode();
      setNotices(tabFailures(answer.sheetTabs, ADMIN_MESSAGES.campusTabDeleteFailed));
    },
  });
  const campus = useCrudManager({
    empty: () => NO_CAMPUS,
    writes: campusWrites,
    texts: CAMPUS_TEXTS,
    focus: 'name',
    onSaved: (answer, values) =>
      setNotices(
        tabFailures(
          [answer.sheetTab],
          values.id ? ADMIN_MESSAGES.campusRenameTabFailed : ADMIN_MESSAGES.campusTabCreateFailed,
        ),
      ),
    onDeleted: (answer) =>
      setNotices(tabFailures([answer.sheetTab], ADMIN_MESSAGES.campusTabDeleteFailed)),
  });
  // Opened from the overview's 'Add University': straight to the name.
  const { setFocus } = university.form;
  useEffect(() => {
    if (focusAdd) setFocus('name');
  }, [focusAdd, setFocus]);
  const failures = [...notices, university.listFailure, campus.listFailure].filter(
    (text) => text !== null,
  );

  return (
    <TabSection
      title="Universities & Campuses"
      headingId="universities-heading"
      crud={university}
      notices={[...new Set(failures)].map((failure) => <Alert key={failure}>{failure}</Alert>)}
      form={
        <>
          <UniversityForm crud={university} />
          <CampusForm crud={campus} universities={query.data ?? []} />
        </>
      }
    >
      <UniversityList
        query={query}
        universities={{
          edit: (row: TAdminUniversity) => {
            setNotices([]);
            university.edit({ id: row.id, name: row.name });
          },
          askDelete: (row: TAdminUniversity) => university.askDelete(row.id, row.name),
        }}
        campuses={{
          edit: (row: TAdminCampus) => {
            setNotices([]);
            campus.edit(campusForm(row));
          },
          askDelete: (row: TAdminCampus) => campus.askDelete(row.id, row.name),
        }}
        onAddCampus={(row) => {
          setNotices([]);
          campus.edit({ ...NO_CAMPUS, universityId: row.id });
        }}
      />
      <ConfirmDialog {...campus.dialog} />
    </TabSection>
  );
}
