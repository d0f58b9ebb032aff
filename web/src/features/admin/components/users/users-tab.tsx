import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import {
  ADMIN_FORM_MESSAGES,
  type TCreateUserFormValues,
  ZCreateUserForm,
} from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { isRole, ROLE_LABELS, ROLES, type TRole } from '@campus/shared/domain/roles';
import {
  ADMIN_CONFIRM_MESSAGES,
  ADMIN_MESSAGES,
  EMPTY_LIST_MESSAGES,
} from '@campus/shared/domain/screen-messages';
import { matchesSearch } from '@campus/shared/domain/search';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from '@/components/forms/form-field';
import { NameFields } from '@/components/forms/name-fields';
import { SubmitButton } from '@/components/forms/submit-button';
import { useFormFailure } from '@/components/forms/use-form-failure';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailure } from '@/components/ui/load-failure';
import { SuccessNotice } from '@/components/ui/success-notice';
import {
  changeUserRole,
  createUser,
  deleteCampusUsers,
  deleteUser,
  failureText,
  useAdminMutation,
  useAdminUniversities,
  useAdminUsers,
} from '@/features/admin/api/admin-api';
import {
  AdminListState,
  bulkDangerButton,
  CampusFilter,
  CampusSelect,
  campusesOf,
  cancelButton,
  rowDangerButton,
  UniversitySelect,
} from '@/features/admin/components/admin-controls';
import { useAuth } from '@/lib/auth';

const card = 'space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6';
const roleSelect =
  'rounded border border-gray-400 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-orange-700 disabled:bg-gray-100';

const NEW_USER: TCreateUserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  role: 'campusAdmin',
  universityId: '',
  campusId: '',
};

const fullName = (user: TUserProfile) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The super admin's new-user form: the account can sign in at once; Cancel empties it. */
function CreateUserForm({
  universities,
  focus,
}: {
  universities: readonly TAdminUniversity[];
  focus: boolean;
}) {
  const { failure, setFailure, onInvalid } = useFormFailure();
  const [created, setCreated] = useState(false);
  const form = useForm<TCreateUserFormValues>({
    resolver: zodResolver(ZCreateUserForm),
    defaultValues: NEW_USER,
  });
  const universityId = form.watch('universityId') ?? '';
  // Opened from the overview's 'Add User': straight to the first field.
  useEffect(() => {
    if (focus) form.setFocus('firstName');
  }, [focus, form]);
  const create = useAdminMutation(createUser);
  const cancel = () => {
    setFailure(null);
    setCreated(false);
    form.reset(NEW_USER);
  };
  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      setCreated(false);
      try {
        await create.mutateAsync(values);
        form.reset(NEW_USER);
        setCreated(true);
      } catch (error) {
        setFailure(ADMIN_MESSAGES.createUserFailed(formatError(error).message));
      }
    },
    (errors) => {
      setCreated(false);
      onInvalid(errors);
    },
  );
  return (
    <form onSubmit={submit} noValidate className={card} aria-labelledby="create-user-heading">
      <h3 id="create-user-heading" className="text-lg font-semibold">
        Create User
      </h3>
      {failure && <Alert>{failure}</Alert>}
      {created && <SuccessNotice>{ADMIN_MESSAGES.userCreated}</SuccessNotice>}
      <NameFields first={form.register('firstName')} last={form.register('lastName')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        required
        {...form.register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        {...form.register('password')}
      />
      <SelectField label="Role" required {...form.register('role')}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <UniversitySelect
        universities={universities}
        emptyLabel="Select University"
        required
        {...form.register('universityId', { onChange: () => form.setValue('campusId', '') })}
      />
      <CampusSelect
        universities={universities}
        universityId={universityId}
        emptyLabel="Select Campus"
        required
        disabled={!universityId}
        {...form.register('campusId')}
      />
      <SubmitButton
        label="Create User"
        busyLabel="Creating..."
        busy={form.formState.isSubmitting}
      />
      <button type="button" className={cancelButton} onClick={cancel}>
        Cancel
      </button>
    </form>
  );
}

/**
 * Saves the role picked in a user's row at once (PATCH): nothing is sent when the pick is the
 * user's role already; a value that is not a role is refused before it leaves.
 */
export async function sendRoleChange(user: TUserProfile, role: string): Promise<TUserProfile> {
  if (role === user.role) return user;
  if (!isRole(role)) throw new Error(ADMIN_FORM_MESSAGES.roleInvalid);
  return (await changeUserRole(user.uid, { role })).user;
}

type Filters = { universityId: string; campusId: string; role: TRole | ''; search: string };

/**
 * The User Management tab (SPEC §2): filters, the users table with a role selector per user
 * (changing it saves at once), deletion (never one's own account), clearing a campus's users,
 * and the new-user form.
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
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TUserProfile | null>(null);
  const [clearing, setClearing] = useState(false);
  const [changingRole, setChangingRole] = useState<string | null>(null);
  const changeRole = useAdminMutation((change: { user: TUserProfile; role: string }) =>
    sendRoleChange(change.user, change.role),
  );
  const remove = useAdminMutation(deleteUser);
  const clear = useAdminMutation(deleteCampusUsers);

  const campusName =
    campusesOf(universities.data, filters.universityId).find((c) => c.id === filters.campusId)
      ?.name ?? '';

  async function onRoleChange(user: TUserProfile, role: string) {
    if (role === user.role) return;
    setFailure(null);
    setChangingRole(user.uid);
    try {
      await changeRole.mutateAsync({ user, role });
    } catch (error) {
      setFailure(failureText(ADMIN_MESSAGES.updateRoleFailed, error));
    } finally {
      setChangingRole(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setFailure(null);
    try {
      await remove.mutateAsync(deleting.uid);
    } catch (error) {
      setFailure(failureText(ADMIN_MESSAGES.deleteUserFailed, error));
    } finally {
      setDeleting(null);
    }
  }

  async function confirmClear() {
    setFailure(null);
    try {
      await clear.mutateAsync(filters.campusId);
    } catch (error) {
      setFailure(failureText(ADMIN_MESSAGES.deleteUsersFailed, error));
    } finally {
      setClearing(false);
    }
  }

  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <h2 id="users-heading" className="text-xl font-semibold">
        User Management
      </h2>
      <div className="grid gap-6 lg:grid-cols-[1fr_minmax(0,22rem)]">
        <div className="min-w-0 space-y-4">
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
          {failure && <Alert>{failure}</Alert>}
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={bulkDangerButton}
              disabled={!filters.campusId}
              onClick={() => setClearing(true)}
            >
              Delete all users of this campus
            </button>
            {!filters.campusId && (
              <p className="text-sm text-gray-700">
                {ADMIN_FORM_MESSAGES.selectAUniversityAndCampus}
              </p>
            )}
          </div>
          <AdminListState
            query={users}
            count={shown.length}
            emptyMessage={EMPTY_LIST_MESSAGES.users}
            loadingTitle="Loading users..."
          >
            <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white">
              <table className="w-full min-w-[42rem] text-left text-sm">
                <caption className="sr-only">Users</caption>
                <thead className="bg-gray-50 text-gray-800">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Name
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Campus
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Role
                    </th>
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {shown.map((user) => {
                    const name = fullName(user);
                    const self = user.uid === me?.uid;
                    return (
                      <tr key={user.uid}>
                        <td className="px-3 py-2 font-medium">
                          {name}
                          {self && <span className="ml-1 text-gray-700">(you)</span>}
                        </td>
                        <td className="px-3 py-2 break-words">{user.email}</td>
                        <td className="px-3 py-2">
                          {user.universityName && user.campusName
                            ? `${user.universityName} - ${user.campusName}`
                            : '—'}
                        </td>
                        <td className="px-3 py-2">
                          <select
                            aria-label={`Role of ${name}`}
                            className={roleSelect}
                            value={user.role}
                            title={self ? ADMIN_FORM_MESSAGES.cannotChangeOwnRole : undefined}
                            disabled={self || changingRole === user.uid}
                            onChange={(event) => onRoleChange(user, event.target.value)}
                          >
                            {ROLES.map((role) => (
                              <option key={role} value={role}>
                                {ROLE_LABELS[role]}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td className="px-3 py-2 text-right">
                          <button
                            type="button"
                            className={rowDangerButton}
                            aria-label={`Delete ${name}`}
                            title={self ? ADMIN_FORM_MESSAGES.cannotDeleteSelf : undefined}
                            disabled={self}
                            onClick={() => setDeleting(user)}
                          >
                            Delete
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </AdminListState>
        </div>
        <CreateUserForm universities={universities.data ?? []} focus={focusCreate} />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        type="danger"
        title={ADMIN_CONFIRM_MESSAGES.deleteUser.title}
        message={ADMIN_CONFIRM_MESSAGES.deleteUser.message(
          deleting ? `${fullName(deleting)} (${deleting.email})` : '',
        )}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={clearing}
        type="warning"
        title={ADMIN_CONFIRM_MESSAGES.clearUsers.title}
        message={ADMIN_CONFIRM_MESSAGES.clearUsers.message(campusName)}
        busy={clear.isPending}
        onConfirm={confirmClear}
        onCancel={() => setClearing(false)}
      />
    </section>
  );
}
