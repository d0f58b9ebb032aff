import type { TSessionResponse } from '@campus/shared/domain/account-api';
import { CART_OWNER_KEY, CART_STORAGE_KEY } from '@campus/shared/domain/cart';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { USE_AUTH_OUTSIDE_PROVIDER } from '@campus/shared/domain/storefront-messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { apiGet, apiPost } from '@/lib/api-client';
import { SESSION_PATH } from '@/lib/first-paint-requests';

export interface AuthContextValue {
  /** True until the first session answer arrives. */
  loading: boolean;
  /** The signed-in user's profile, or null when signed out. */
  user: TUserProfile | null;
  /** The message of a failed session load (the visitor is treated as signed out). */
  error: string | null;
  /** Replaces the session after sign-in. */
  setUser(user: TUserProfile | null): void;
  /** Ends the session and reloads the app at '/'. */
  signOut(): Promise<void>;
}

/** Navigation state for /login: where to return after signing in, and why they were sent. */
export type FromState = { from?: string; reason?: string };

/** The /login state that brings a visitor back to this very page (path, query and hash). */
export function fromHere(location: { pathname: string; search: string; hash: string }): FromState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Ends the session on the server (the caller decides what the page does next). */
export function endSession(): Promise<unknown> {
  return apiPost('/api/account/sign-out', {});
}

/** The cart kept in this browser is the account's: the next person on it starts empty. */
function forgetCart(): void {
  try {
    window.localStorage.removeItem(CART_STORAGE_KEY);
    window.localStorage.removeItem(CART_OWNER_KEY);
  } catch (error) {
    console.warn('Could not empty the bucket kept in this browser', error);
  }
}

const AuthContext = createContext<AuthContextValue | null>(null);
const SESSION_KEY = ['session'] as const;

/** Holds who is signed in, as the api's session cookie says (docs/product.md §4 auth states). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: SESSION_KEY,
    ...apiGet<TSessionResponse>(SESSION_PATH),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const setUser = useCallback(
    (user: TUserProfile | null) =>
      queryClient.setQueryData<TSessionResponse>(SESSION_KEY, { ok: true, user }),
    [queryClient],
  );
  const signOut = useCallback(async () => {
    await endSession();
    forgetCart();
    // Loaded at sign-out only: the first visit's script budget has no room for it (decision 017).
    await import('@/lib/kept-checkout')
      .then((kept) => kept.forgetCheckout())
      .catch((error: unknown) => console.warn('Could not forget the checkout kept here', error));
    // A fresh page at '/': nothing of the person stays in memory, and no guarded page is left
    // behind to be remembered as the place to return to after the next sign-in.
    window.location.assign('/');
  }, []);
  const value = useMemo<AuthContextValue>(
    () => ({
      loading: session.isPending,
      user: session.data?.user ?? null,
      error: session.error ? formatError(session.error).message : null,
      setUser,
      signOut,
    }),
    [session.isPending, session.data, session.error, setUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; throws the spec's message outside AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return value;
}
