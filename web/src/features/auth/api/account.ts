import type { TUserProfile } from '@campus/shared/domain/entities';
import { apiFetch, apiPost } from '@/lib/api-client';

export type SignInAnswer = { ok: true; user: TUserProfile; route: string };
export type MessageAnswer = { ok: true; message: string };

export const signIn = (body: { email: string; password: string; captcha: string }) =>
  apiPost<SignInAnswer>('/api/account/sign-in', body);

export const requestPasswordReset = (body: { email: string; captcha: string }) =>
  apiPost<MessageAnswer>('/api/account/password-reset', body);

export const signUp = (body: Record<string, string>) =>
  apiPost<MessageAnswer>('/api/account/sign-up', body);

export const setNewPassword = (body: {
  token: string;
  password: string;
  confirmPassword: string;
}) => apiPost<MessageAnswer>('/api/account/new-password', body);

export const allowedDomainsOf = (campusId: string) =>
  apiFetch<{ ok: true; domains: string[] }>(
    `/api/account/allowed-domains?campusId=${encodeURIComponent(campusId)}`,
  );
