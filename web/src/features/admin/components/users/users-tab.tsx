import {
  ADMIN_FORM_MESSAGES,
  type TCreateUserFormValues,
  ZCreateUserForm,
} from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { isRole, ROLE_LABELS, ROLES, type TRole } from '@campus/shared/domain/roles';
import { ADMIN_CONFIRM_MESSAGES, ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { matchesSearch } from '@campus/shared/domain/search';
import { useEffect, useState } from 'react';
import { SelectField, TextField } from '@/components/forms/form-field';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailure } from '@/components/ui/load-failure';
import { SuccessNotice } from '@/components/ui/success-notice';
import { useAuth } from '@/stores/auth';
import { useAdminMutation } from '../../api/admin-client';
import { useAdminUniversities } from '../../api/universities';
import {
  changeUserRole,
  createUser,
  deleteCampusUsers,
  deleteUser,
  useAdminUsers,
} from '../../api/users';
import { useCrudManager } from '../../hooks/use-crud-manager';
import { campusesOf } from '../../utils/campuses';
import { failureText } from '../../utils/failure-text';
import { bulkDangerButton, rowButton } from '../admin-controls';
import { card } from '../crud-form';
import { CampusFilter } from '../place-selects';
import { TabSection } from '../tab-section';
import { CreateUserForm } from './create-user-form';
import { fullName, nameAndEmail, UserTable } from './user-table';

const NEW_USER: TCreateUserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  role: 'campusAdmin',
  universityId: '',
  campusId: '',
};

const TEXTS = {
  saveFailed: (error: unknown) => ADMIN_MESSAGES.createUserFailed(formatError(error).message),
  deleteFailed: ADMIN_MESSAGES.deleteUserFailed,
  confirmDelete: ADMIN_CONFIRM_MESSAGES.deleteUser,
  // The dialog's button says 'Delete' like the button that opens it.
  clear: {
    label: 'Delete all users of this campus',
    failed: ADMIN_MESSAGES.deleteUsersFailed,
    confirm: { ...ADMIN_CONFIRM_MESSAGES.clearUsers, confirmLabel: ADMIN_CONFIRM_MESSAGES.confirm },
  },
};

/** A role change: the user as they are now and the role they get. */
type TRoleChange = { user: TUserProfile; role: TRole };

/** How long a saved role change can be undone. */
const ROLE_UNDO_MS = 60_000;

const ROLE_TEXTS = {
  title: 'Change role?',
  confirmLabel: 'Confirm',
  message: ({ user, role }: TRoleChange) =>
    `Change ${nameAndEmail(user)} from ${ROLE_LABELS[user.role]} to ${ROLE_LABELS[role]}?`,
  /** Said of the change that `undo` would take back. */
  changed: (undo: TRoleChange) =>
    `${nameAndEmail(undo.user)} is now ${ROLE_LABELS[undo.user.role]} (was ${ROLE_LABELS[undo.role]}).`,
  undo: 'Undo',
};

type Filters = { universityId: string; campusId: string; role: TRole | ''; search: string };

/**
 * The User Management tab (docs/product.md §2): filters, the users table with a role selector per
 * user (a change is confirmed first, then can be undone for a minute), deletion (never one's own
 * account), clearing a campus's users, and the new-user form.
 */
export function UsersTab({ focusCreate = false }: { focusCreate?: boolean }) {
  const { user: me } = useAuth();
  const universities = useAdminUniversities();
  const [filters, setFilters] = useState<Filters>({
    universityId: '',
    campusId: '',
    role: '',
    search: '',
  });
  const users = useAdminUsers({
    universityId: filters.universityId,
    campusId: filters.campusId,
    role: filters.role || null,
  });
  const shown = (users.data ?? []).filter((user) =>
    matchesSearch(filters.search, [fullName(user), user.email]),
  );
  const [created, setCreated] = useState(false);
  const crud = useCrudManager({
    empty: () => NEW_USER,
    writes: { schema: ZCreateUserForm, save: createUser, remove: deleteUser },
    texts: TEXTS,
    onSaved: () => setCreated(true),
  });
  // Opened from the overview's 'Add User': straight to the first field.
  const { setFocus } = crud.form;
  useEffect(() => {
    if (focusCreate) setFocus('firstName');
  }, [focusCreate, setFocus]);
  const [changingRole, setChangingRole] = useState<string | null>(null);
  const [askedRole, setAskedRole] = useState<TRoleChange | null>(null);
  // The change that takes the last saved one back, while it is offered.
  const [undo, setUndo] = useState<TRoleChange | null>(null);
  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), ROLE_UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);
  const changeRole = useAdminMutation(
    async ({ user, role }: TRoleChange) => (await changeUserRole(user.uid, { role })).user,
  );

  /** Asks before a role change; the user's own role is no change, a value not a role is refused. */
  function askRoleChange(user: TUserProfile, role: string) {
    if (role === user.role) return;
    crud.setListFailure(null);
    if (!isRole(role)) {
      const refused = new Error(ADMIN_FORM_MESSAGES.roleInvalid);
      crud.setListFailure(failureText(ADMIN_MESSAGES.updateRoleFailed, refused));
      return;
    }
    setAskedRole({ user, role });
  }

  /** Saves a role change: the user with their new role, or null when it failed (and says so). */
  async function saveRole(change: TRoleChange): Promise<TUserProfile | null> {
    crud.setListFailure(null);
    setChangingRole(change.user.uid);
    try {
      return await changeRole.mutateAsync(change);
    } catch (error) {
      crud.setListFailure(failureText(ADMIN_MESSAGES.updateRoleFailed, error));
      return null;
    } finally {
      setChangingRole(null);
    }
  }

  async function confirmRoleChange(change: TRoleChange) {
    const saved = await saveRole(change);
    setAskedRole(null);
    if (saved) setUndo({ user: saved, role: change.user.role });
  }

  async function undoRoleChange(change: TRoleChange) {
    setUndo(null);
    await saveRole(change);
  }

  const campusName =
    campusesOf(universities.data, filters.universityId).find((c) => c.id === filters.campusId)
      ?.name ?? '';

  return (
    <TabSection
      title="User Management"
      headingId="users-heading"
      crud={crud}
      formLast
      notices={
        undo && (
          <SuccessNotice>
            <span className="flex flex-wrap items-center gap-3">
              {ROLE_TEXTS.changed(undo)}
              <button type="button" className={rowButton} onClick={() => void undoRoleChange(undo)}>
                {ROLE_TEXTS.undo}
              </button>
            </span>
          </SuccessNotice>
        )
      }
      form={
        <CreateUserForm
          crud={crud}
          universities={universities.data}
          created={created}
          onCreatedSeen={() => setCreated(false)}
        />
      }
    >
      <div className={`${card} grid gap-3 sm:grid-cols-2 lg:grid-cols-4`}>
        <CampusFilter
          universities={universities.data}
          universityId={filters.universityId}
          campusId={filters.campusId}
          onChange={(next) => setFilters({ ...filters, ...next })}
        />
        <SelectField
          label="Filter by role"
          value={filters.role}
          onChange={(event) => {
            const role = event.target.value;
            setFilters({ ...filters, role: isRole(role) ? role : '' });
          }}
        >
          <option value="">All roles</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Search by name or email"
          type="search"
          placeholder="Name or email"
          value={filters.search}
          onChange={(event) => setFilters({ ...filters, search: event.target.value })}
        />
      </div>
      {universities.isError && (
        <LoadFailure error={universities.error} onRetry={() => universities.refetch()} />
      )}
      {crud.listFailure && <Alert>{crud.listFailure}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={bulkDangerButton}
          disabled={!filters.campusId}
          onClick={() =>
            crud.askClear(TEXTS.clear, campusName, () => deleteCampusUsers(filters.campusId))
          }
        >
          {TEXTS.clear.label}
        </button>
        {!filters.campusId && (
          <p className="text-sm text-gray-700">{ADMIN_FORM_MESSAGES.selectAUniversityAndCampus}</p>
        )}
      </div>
      <UserTable
        query={users}
        rows={shown}
        myUid={me?.uid}
        changingRole={changingRole}
        onRoleChange={askRoleChange}
        onDelete={(user) => crud.askDelete(user.uid, nameAndEmail(user))}
      />
      <ConfirmDialog
        open={askedRole !== null}
        type="warning"
        title={ROLE_TEXTS.title}
        message={askedRole && ROLE_TEXTS.message(askedRole)}
        confirmLabel={ROLE_TEXTS.confirmLabel}
        busy={changeRole.isPending}
        onConfirm={() => {
          if (askedRole) void confirmRoleChange(askedRole);
        }}
        onCancel={() => setAskedRole(null)}
      />
    </TabSection>
  );
}
