// Who is signed in, shared by the shell and every remote (kit is a singleton, so is this context).
// The session is an httpOnly cookie; storage keeps userId/userData (docs/product/accounts-billing-admin.md (Data)) for X-User-Id.
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { apiJson } from '../api/api-client';
import { ApiError, throwIfResNotOk } from '../api/api-error';
import { toast } from '../toast/toast-store';
import { clearStoredUser, storeUser } from './storage';
import { normalizeUser, type User } from './user';

export const USER_QUERY_KEY = ['/api/user'] as const;
/** Where the app asks who is signed in. */
export const SESSION_URL = '/api/session';

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  phoneNumber?: string;
  paymentMethodId?: string;
}

export interface AuthContextValue {
  user: User | null;
  /** The session is being checked, or ended (a sign-out waiting for its answer: `user` is null). */
  isLoading: boolean;
  /**
   * The "Failed to fetch user" error, if any. Public pages then show the visitor's view; signed-in
   * pages show the error with Retry and keep the session (no redirect to /auth).
   */
  error: Error | null;
  /** Asks the server again (Retry after 'Failed to fetch user'). */
  retry: () => void;
  loginMutation: UseMutationResult<User, Error, LoginInput>;
  registerMutation: UseMutationResult<User, Error, RegisterInput>;
  logoutMutation: UseMutationResult<void, Error, void>;
}

/**
 * Who is signed in, from GET /api/session (or from a response the shell requested early, before
 * the app's chunks had arrived). Throws on a failed answer ('Failed to fetch user').
 */
export async function fetchSession(early?: Promise<Response>): Promise<User | null> {
  let body: { user: Record<string, unknown> | null };
  if (early) {
    const res = await early;
    await throwIfResNotOk(res);
    body = await res.json();
  } else {
    body = await apiJson('GET', SESSION_URL);
  }
  return body.user ? normalizeUser(body.user) : null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const serverMessage = (error: Error): string => (error instanceof ApiError ? error.detail : error.message);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userQuery = useQuery<User | null>({
    queryKey: USER_QUERY_KEY,
    // GET /api/session answers 200 with `user: null` for a visitor: no 401 in the console and a
    // body that is always read (GET /api/user keeps its 401 for the spec's clients).
    queryFn: () => fetchSession(),
  });
  const signedIn = (next: User) => {
    storeUser(next);
    queryClient.setQueryData(USER_QUERY_KEY, next);
  };

  const loginMutation = useMutation<User, Error, LoginInput>({
    mutationFn: async (input) => normalizeUser(await apiJson('POST', '/api/login', input)),
    onSuccess: (next) => {
      signedIn(next);
      toast({ title: 'Login successful', description: `Welcome back, ${next.name}!` });
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: serverMessage(error) || 'Invalid credentials',
        variant: 'destructive',
      });
    },
  });

  const registerMutation = useMutation<User, Error, RegisterInput>({
    mutationFn: async (input) => normalizeUser(await apiJson('POST', '/api/register', input)),
    onSuccess: (next) => {
      signedIn(next);
      toast({ title: 'Registration successful', description: `Welcome, ${next.name}!` });
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: serverMessage(error) || 'Could not create account',
        variant: 'destructive',
      });
    },
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiJson('POST', '/api/logout');
    },
    onSuccess: () => {
      clearStoredUser();
      queryClient.setQueryData(USER_QUERY_KEY, null);
      // Other users' cached data must not survive a sign-out.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: serverMessage(error), variant: 'destructive' });
    },
  });

  // From the moment Sign Out is sent nothing is read as this user: a screen that arrives meanwhile
  // (its code still loading) would ask with a session the server is ending (a 401). Until the
  // answer the session is loading again (signed-in routes show the layout's skeleton); a failed
  // sign-out gives the user back where they were.
  const user = userQuery.error || logoutMutation.isPending ? null : (userQuery.data ?? null);
  const signedOut = userQuery.isSuccess && !userQuery.data;

  // Keep storage in step with the session: only a signed-out answer clears a stale userId, never a
  // failed check (the session is still there; the user sees 'Failed to fetch user' and Retry).
  useEffect(() => {
    if (user) storeUser(user);
    else if (signedOut) clearStoredUser();
  }, [user, signedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading: userQuery.isPending || logoutMutation.isPending,
      error: userQuery.error,
      retry: () => void userQuery.refetch(),
      loginMutation,
      registerMutation,
      logoutMutation,
    }),
    [
      user,
      userQuery.isPending,
      logoutMutation.isPending,
      userQuery.error,
      userQuery.refetch,
      loginMutation,
      registerMutation,
      logoutMutation,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider> (the shell provides it)');
  return value;
}

/** The signed-in user, or null. */
export function useUser(): User | null {
  return useAuth().user;
}
