import { ADMIN_FORM_MESSAGES } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { ROLE_LABELS, ROLES } from '@campus/shared/domain/roles';
import { EMPTY_LIST_MESSAGES } from '@campus/shared/domain/screen-messages';
import { AdminListState, type ListQuery, rowDangerButton } from '../admin-controls';

const roleSelect =
  'rounded border border-gray-400 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-orange-700 disabled:bg-gray-100';

/** How the table names a user: first and last name, or the e-mail without them. */
export const fullName = (user: TUserProfile) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** How a dialog or notice names a user: 'Ayesha Khan (ayesha@uni.edu.pk)'. */
export const nameAndEmail = (user: TUserProfile) => `${fullName(user)} (${user.email})`;

/**
 * The users table: a role selector per user, whose change is asked about before it is saved, and
 * Delete; neither for one's own account.
 */
export function UserTable({
  query,
  rows,
  myUid,
  changingRole,
  onRoleChange,
  onDelete,
}: {
  query: ListQuery;
  /** The users the filters and the search leave. */
  rows: readonly TUserProfile[];
  myUid: string | undefined;
  /** The user whose role is being saved. */
  changingRole: string | null;
  onRoleChange(user: TUserProfile, role: string): void;
  onDelete(user: TUserProfile): void;
}) {
  return (
    <AdminListState
      query={query}
      count={rows.length}
      emptyMessage={EMPTY_LIST_MESSAGES.users}
      loadingTitle="Loading users..."
    >
      <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white">
        <table className="w-full min-w-[42rem] text-left text-sm">
          <caption className="sr-only">Users</caption>
          <thead className="bg-gray-50 text-gray-800">
            <tr>
              {['Name', 'Email', 'Campus', 'Role'].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2">
                  {heading}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((user) => {
              const name = fullName(user);
              const self = user.uid === myUid;
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
                      onClick={() => onDelete(user)}
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
  );
}
