import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { ROLE_LABELS, ROLES } from '@campus/shared/domain/roles';
import { EMPTY_LIST_MESSAGES } from '@campus/shared/domain/screen-messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminKeys } from '@/features/admin/api/admin-client';
import { fetchUniversities } from '@/features/admin/api/universities';
import { fetchUsers } from '@/features/admin/api/users';
import { AuthProvider } from '@/lib/auth';
import { sendRoleChange, UsersTab } from './users-tab';

// Rendered to HTML (the unit project has no DOM) from what the admin api answered, with fetch
// stubbed at the boundary and the real admin api client in between.

function buildUser(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return {
    uid: 'u-student',
    email: 'ayesha@uni.edu.pk',
    firstName: 'Ayesha',
    lastName: 'Khan',
    universityId: 'uni-1',
    campusId: 'campus-1',
    universityName: 'Punjab University',
    campusName: 'Main Campus',
    role: 'user',
    createdAt: '2026-11-01T10:00:00.000Z',
    emailVerified: true,
    ...overrides,
  };
}

// The signed-in super admin has no campus of their own.
const me = buildUser({
  uid: 'u-me',
  email: 'root@campusbucket.pk',
  firstName: 'Sara',
  lastName: 'Admin',
  universityId: null,
  campusId: null,
  universityName: null,
  campusName: null,
  role: 'superAdmin',
});
const student = buildUser();
const campusAdmin = buildUser({
  uid: 'u-campus-admin',
  email: 'bilal@uni.edu.pk',
  firstName: 'Bilal',
  lastName: 'Raza',
  role: 'campusAdmin',
});

const universities: TAdminUniversity[] = [
  {
    id: 'uni-1',
    name: 'Punjab University',
    campuses: [
      {
        id: 'campus-1',
        universityId: 'uni-1',
        name: 'Main Campus',
        location: 'Lahore',
        payToAccountTitle: null,
        payToBankName: null,
        payToAccountNumber: null,
      },
    ],
  },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(users: TUserProfile[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/admin/universities') {
      return json(200, { ok: true, universities });
    }
    if (method === 'GET' && url === '/api/admin/users') return json(200, { ok: true, users });
    const role = url.match(/^\/api\/admin\/users\/([^/]+)\/role$/);
    if (method === 'PATCH' && role) {
      const { role: next } = JSON.parse(String(init?.body));
      const user = users.find((u) => u.uid === decodeURIComponent(role[1] ?? ''));
      return user
        ? json(200, { ok: true, user: { ...user, role: next } })
        : json(404, { error: { code: 'not-found', message: 'User not found.' } });
    }
    return json(404, { error: { code: 'not-found', message: `No stub for ${method} ${url}` } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderUsersTab(users: TUserProfile[]) {
  const fetchMock = stubApi(users);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  client.setQueryData(['session'], { ok: true, user: me });
  await Promise.all([
    client.prefetchQuery({ queryKey: adminKeys.universities(), queryFn: fetchUniversities }),
    client.prefetchQuery({ queryKey: adminKeys.users({}), queryFn: () => fetchUsers({}) }),
  ]);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <UsersTab />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { html, fetchMock };
}

/** The opening tag of the element whose accessible name is `label`. */
function tagLabelled(html: string, element: string, label: string): string {
  const tag = [...html.matchAll(new RegExp(`<${element}\\b[^>]*>`, 'g'))]
    .map((match) => match[0])
    .find((opening) => opening.includes(`aria-label="${label}"`));
  if (!tag) throw new Error(`no <${element}> labelled "${label}"`);
  return tag;
}

/** The role the row's selector shows. */
function selectedRole(html: string, name: string): string | undefined {
  const start = html.indexOf(tagLabelled(html, 'select', `Role of ${name}`));
  const select = html.slice(start, html.indexOf('</select>', start));
  return select.match(/<option value="([^"]+)" selected="">/)?.[1];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UsersTab', () => {
  it('disables Delete (and the role selector) on the own account only', async () => {
    const { html } = await renderUsersTab([me, student, campusAdmin]);
    expect(tagLabelled(html, 'button', 'Delete Sara Admin')).toMatch(/\sdisabled=""/);
    expect(tagLabelled(html, 'button', 'Delete Ayesha Khan')).not.toMatch(/\sdisabled=""/);
    expect(tagLabelled(html, 'button', 'Delete Bilal Raza')).not.toMatch(/\sdisabled=""/);
    expect(tagLabelled(html, 'select', 'Role of Sara Admin')).toMatch(/\sdisabled=""/);
    expect(tagLabelled(html, 'select', 'Role of Ayesha Khan')).not.toMatch(/\sdisabled=""/);
  });

  it('shows a role selector per user, set to their role, offering the three roles', async () => {
    const { html } = await renderUsersTab([me, student, campusAdmin]);
    expect(selectedRole(html, 'Sara Admin')).toBe('superAdmin');
    expect(selectedRole(html, 'Ayesha Khan')).toBe('user');
    expect(selectedRole(html, 'Bilal Raza')).toBe('campusAdmin');
    for (const role of ROLES) {
      expect(html).toContain(`<option value="${role}">${ROLE_LABELS[role]}</option>`);
    }
  });

  it('shows the empty message when no user matches', async () => {
    const { html } = await renderUsersTab([]);
    expect(html).toContain(EMPTY_LIST_MESSAGES.users);
  });

  it('gives the Create User form a Cancel beside Create User (SPEC §4)', async () => {
    const { html } = await renderUsersTab([me]);
    const start = html.search(/<form\b[^>]*aria-labelledby="create-user-heading"/);
    expect(start).toBeGreaterThanOrEqual(0);
    const form = html.slice(start, html.indexOf('</form>', start));
    expect(form).toMatch(/<button type="submit"[^>]*>Create User<\/button>/);
    expect(form).toMatch(/<button type="button"[^>]*>Cancel<\/button>/);
  });

  it('keeps the bulk delete off until a campus is chosen', async () => {
    const { html } = await renderUsersTab([me, student]);
    const bulk = html.match(/<button\b[^>]*>Delete all users of this campus<\/button>/)?.[0];
    expect(bulk).toMatch(/\sdisabled=""/);
  });
});

describe('changing a role from the table', () => {
  it('PATCHes the new role of that user at once', async () => {
    const fetchMock = stubApi([student]);
    const saved = await sendRoleChange(student, 'campusAdmin');
    expect(saved.role).toBe('campusAdmin');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/users/u-student/role');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ role: 'campusAdmin' });
  });

  it('sends nothing when the role picked is the one the user has', async () => {
    const fetchMock = stubApi([student]);
    await sendRoleChange(student, 'user');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a value that is not a role without asking the api', async () => {
    const fetchMock = stubApi([student]);
    await expect(sendRoleChange(student, 'owner')).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
