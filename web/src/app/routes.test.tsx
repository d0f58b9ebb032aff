import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import type { ComponentProps, ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { routes } from './routes';

/** The guard props of a route of the table (throws when the route has no guard). */
function guardOf(path: string): Omit<ComponentProps<typeof RequireAuth>, 'children'> {
  const element = routes.find((route) => route.path === path)?.element as
    | ReactElement<ComponentProps<typeof RequireAuth>>
    | undefined;
  if (element?.type !== RequireAuth) throw new Error(`${path} has no RequireAuth`);
  const { children: _children, ...guard } = element.props;
  return guard;
}

describe('the guards of the route table', () => {
  it('turn non-super-admins away from the super admin screens with the super admin text', () => {
    for (const path of ['/super-admin', '/super-admin/mail']) {
      expect(guardOf(path)).toEqual({
        roles: ['superAdmin'],
        denied: ROLE_MESSAGES.superAdminRequired,
      });
    }
  });

  it('turn others away from a campus dashboard with the campus admin text', () => {
    expect(guardOf('/admin/:universityId/:campusId')).toEqual({
      roles: ['superAdmin', 'campusAdmin'],
      campusScoped: true,
      denied: ROLE_MESSAGES.campusAdminRequired,
    });
  });
});
