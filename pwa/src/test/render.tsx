import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
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
  return renderRouter(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    initialEntry,
  );
}

/** Renders the real route table at `initialEntry`. */
export function renderApp(routes: RouteObject[], initialEntry: Entry) {
  return renderRouter(routes, initialEntry);
}

/**
 * How long a test waits for the app to navigate after a save: the save goes through Dexie and the
 * outbox first, which on a loaded machine takes longer than testing-library's 1 s default.
 */
export const NAVIGATION_TIMEOUT = 5000;
/** `waitFor`/`findBy…` options for what follows a save or a dialog closing (see above). */
export const SLOW_WAIT = { timeout: NAVIGATION_TIMEOUT };

/** Waits until the location probe shows `path` (its text contains it) or matches the pattern. */
export async function expectLocation(path: string | RegExp): Promise<void> {
  await waitFor(() => {
    const probe = screen.getByTestId('location');
    if (typeof path === 'string') expect(probe).toHaveTextContent(path);
    else expect(probe.textContent).toMatch(path);
  }, SLOW_WAIT);
}
