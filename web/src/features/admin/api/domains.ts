import {
  ADMIN_API,
  type TDomainResponse,
  type TDomainsResponse,
} from '@campus/shared/domain/admin-api';
import { type TDomainFormValues, ZDomainForm } from '@campus/shared/domain/admin-forms';
import { adminGet, adminKeys, adminWrites, useAdminQuery } from './admin-client';

const fetchDomains = () => adminGet<TDomainsResponse>(ADMIN_API.domains);

/** Adds, edits or deletes an e-mail domain allowed at sign-up (stored with its leading @). */
export const domainWrites = adminWrites<TDomainFormValues, TDomainResponse>(
  ADMIN_API.domains,
  ZDomainForm,
);

/** Every allowed domain (GET /api/admin/domains). */
export function useAdminDomains() {
  return useAdminQuery(adminKeys.domains(), fetchDomains, (answer) => answer.domains);
}
