import { Suspense, useCallback } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context';
import { useSessionWatcher } from '../../features/auth/useSessionWatcher';
import { PageLoader } from '../../components/PageLoader';

/** Top route: session upkeep (spec §4) and the loading fallback of lazy screens. */
export function RootLayout() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const onExpired = useCallback(() => {
    signOut();
    navigate('/login', { replace: true });
  }, [signOut, navigate]);
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
