import { Suspense, useCallback } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { noteSessionExpired, type LoginState } from '../../lib/session';
import { useSessionWatcher } from '../../features/auth/useSessionWatcher';
import { PageLoader } from '../../components/PageLoader';

/**
 * Top route: session upkeep (expiry after 2 h without activity) and the loading fallback of lazy screens. On expiry /login
 * says that unsynced changes are kept and offers the same account's email.
 */
export function RootLayout() {
  const { signOut, claims } = useAuth();
  const navigate = useNavigate();
  const email = typeof claims?.email === 'string' ? claims.email : undefined;
  const onExpired = useCallback(() => {
    signOut();
    noteSessionExpired(email);
    const state: LoginState = { sessionExpired: true, ...(email ? { email } : {}) };
    navigate('/login', { replace: true, state });
  }, [signOut, navigate, email]);
  useSessionWatcher(onExpired);
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<PageLoader minHeight="100vh" />}>
        <Outlet />
      </Suspense>
    </>
  );
}
