import type {
  TAllowedDomainsResponse,
  TMessageResponse,
  TSignInResponse,
} from '@campus/shared/domain/account-api';
import { apiFetch, apiPost } from '@/lib/api-client';

export const signIn = (body: { email: string; password: string; captcha: string }) =>
  apiPost<TSignInResponse>('/api/account/sign-in', body);

export const requestPasswordReset = (body: { email: string; captcha: string }) =>
  apiPost<TMessageResponse>('/api/account/password-reset', body);

export const signUp = (body: Record<string, string>) =>
  apiPost<TMessageResponse>('/api/account/sign-up', body);

export const setNewPassword = (body: {
  token: string;
  password: string;
  confirmPassword: string;
}) => apiPost<TMessageResponse>('/api/account/new-password', body);

export const allowedDomainsOf = (campusId: string) =>
  apiFetch<TAllowedDomainsResponse>(
    `/api/account/allowed-domains?campusId=${encodeURIComponent(campusId)}`,
  );
