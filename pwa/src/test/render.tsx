import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { theme } from '../app/theme';
import { AuthProvider } from '../features/auth/AuthProvider';

type Entry = string | { pathname: string; search?: string; state?: unknown };

function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <span data-testid="location">{location.pathname}</span>
      <span data-testid="location-state">{JSON.stringify(location.state ?? null)}</span>
    </div>
  );
}

function renderRouter(routes: RouteObject[], initialEntry: Entry) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const utils = render(
    <MantineProvider theme={theme}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </MantineProvider>,
  );
  return { ...utils, router };
}

/**
 * Renders one screen at `path`; any other path renders a probe showing where the app went
 * (`data-testid="location"`) and with which navigation state.
 */
export function renderScreen(path: string, element: ReactElement, initialEntry: Entry = path) {
  return renderRouter([{ path, element }, { path: '*', element: <LocationProbe /> }], initialEntry);
}

/** Renders the real route table at `initialEntry`. */
export function renderApp(routes: RouteObject[], initialEntry: Entry) {
  return renderRouter(routes, initialEntry);
}
