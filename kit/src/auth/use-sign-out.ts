// Sign out, then go to /auth (docs/product/accounts-billing-admin.md (Screens and routes: Sign-in) "After sign out the user is sent here").
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from './auth-context';

export const AUTH_PATH = '/auth';

export function useSignOut(): { signOut: () => void; isPending: boolean } {
  const { logoutMutation } = useAuth();
  const navigate = useNavigate();
  const signOut = useCallback(() => {
    logoutMutation.mutate(undefined, { onSuccess: () => navigate(AUTH_PATH, { replace: true }) });
  }, [logoutMutation, navigate]);
  return { signOut, isPending: logoutMutation.isPending };
}
