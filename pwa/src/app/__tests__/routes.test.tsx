import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, storeSession, USER_CLAIMS } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { routes } from '../routes';
import { RouteErrorPage } from '../routes/RouteErrorPage';

const ADMIN = { ...USER_CLAIMS, IsTenantAdmin: 'true' };
const TENANT = {
  id: 't1',
  naturalName: 'Acme Plumbing Ltd',
  schemaName: 'acme_x1y2',
  createdAt: '2026-01-01',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const sidebar = () => screen.getByRole('navigation', { name: 'Main' });

describe('route guards', () => {
  it('sends visitors from the dashboard to /login', async () => {
    const { router } = renderApp(routes, '/dashboard/customers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('sends non-admins from settings to /dashboard', async () => {
    storeSession();
    mockFetch(() => ({ body: TENANT }));
    const { router } = renderApp(routes, '/dashboard/settings/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Keeping SMB Simple' })).toBeInTheDocument();
  });

  it('lets admins into settings, defaulting to the tenant tab', async () => {
    storeSession(ADMIN);
    mockFetch(() => ({ body: TENANT }));
    const { router } = renderApp(routes, '/dashboard/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings/tenant'));
    expect(await screen.findByRole('tab', { name: /General/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('sends unknown paths to / when signed out and to /dashboard when signed in', async () => {
    const first = renderApp(routes, '/no/such/page');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();
    storeSession();
    mockFetch(() => ({ body: TENANT }));
    const second = renderApp(routes, '/no/such/page');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('dashboard layout', () => {
  it('shows the spec sidebar without Settings for a regular user', async () => {
    storeSession();
    mockFetch(() => ({ body: TENANT }));
    renderApp(routes, '/dashboard');
    await screen.findByRole('heading', { name: 'Keeping SMB Simple' });
    const nav = within(sidebar());
    for (const label of [
      'Dashboard',
      'Customers',
      'Contacts',
      'Products',
      'Quotes',
      'Orders',
      'Invoices',
    ])
      expect(nav.getByRole('link', { name: label })).toBeInTheDocument();
    expect(nav.getByText('Business Management')).toBeInTheDocument();
    expect(nav.getByText('Transactions')).toBeInTheDocument();
    expect(nav.queryByText('Administration')).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('shows Settings to admins and highlights the active link on nested paths', async () => {
    storeSession(ADMIN);
    mockFetch(() => ({ body: TENANT }));
    renderApp(routes, '/dashboard/customers/42');
    await screen.findByRole('heading', { name: 'Edit Customer' });
    const nav = within(sidebar());
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    );
    expect(nav.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it("shows 'Loading...' then the tenant name from /api/tenants/current", async () => {
    storeSession();
    let resolve: (value: { body: unknown }) => void = () => {};
    const fetch = mockFetch(() => new Promise((r) => (resolve = r)));
    renderApp(routes, '/dashboard');
    expect(await screen.findByTestId('tenant-name')).toHaveTextContent('Loading...');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/tenants/current');
    expect((init?.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    resolve({ body: TENANT });
    await waitFor(() =>
      expect(screen.getByTestId('tenant-name')).toHaveTextContent('Acme Plumbing Ltd'),
    );
  });

  it('falls back to the company name from the tenantSchema claim, else Your Company', async () => {
    storeSession();
    mockFetch(() => ({ status: 500, text: '' }));
    const first = renderApp(routes, '/dashboard');
    await waitFor(() => expect(screen.getByTestId('tenant-name')).toHaveTextContent('Acme'));
    first.unmount();
    storeSession({ ...USER_CLAIMS, tenantSchema: undefined });
    renderApp(routes, '/dashboard');
    await waitFor(() =>
      expect(screen.getByTestId('tenant-name')).toHaveTextContent('Your Company'),
    );
  });

  it('dashboard cards cover all six areas, invoices included as a live link', async () => {
    storeSession();
    mockFetch(() => ({ body: TENANT }));
    renderApp(routes, '/dashboard');
    await screen.findByRole('heading', { name: 'Keeping SMB Simple' });
    expect(screen.getByText(/digital approval workflow/)).toBeInTheDocument();
    expect(screen.getByText(/fulfilment process/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Invoices' })).toHaveAttribute(
      'href',
      '/dashboard/invoices',
    );
    expect(document.body.textContent?.toLowerCase()).not.toContain('coming soon');
  });

  it('logout clears the session keys only and goes to /login', async () => {
    storeSession();
    localStorage.setItem('other', 'x');
    mockFetch(() => ({ body: TENANT }));
    const { router } = renderApp(routes, '/dashboard');
    await screen.findByRole('heading', { name: 'Keeping SMB Simple' });
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('other')).toBe('x');
  });
});

describe('landing navbar', () => {
  it('logged out: Login and Get Started; hero Get Started, Learn More to #services', async () => {
    renderApp(routes, '/');
    const hero = await screen.findByRole('link', { name: 'Learn More' });
    expect(hero).toHaveAttribute('href', '/#services');
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Contact Sales with Enterprise' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(screen.getByText('Most Popular')).toBeInTheDocument();
    for (const path of ['/faq', '/support', '/privacy', '/terms', '/cookie-policy'])
      expect(document.querySelector(`footer a[href="${path}"]`)).not.toBeNull();
  });

  it('logged in: Dashboard, Logout and Go to Dashboard', async () => {
    storeSession();
    renderApp(routes, '/');
    const [hero] = await screen.findAllByRole('link', { name: 'Go to Dashboard' });
    expect(hero).toHaveAttribute('href', '/dashboard');
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getAllByRole('button', { name: 'Logout' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('footer pages have real content', async () => {
    renderApp(routes, '/cookie-policy');
    expect(await screen.findByRole('heading', { name: 'Cookie Policy' })).toBeInTheDocument();
    expect(screen.getByText(/Signing out never deletes unsynced changes/)).toBeInTheDocument();
  });
});

describe('error boundary', () => {
  it("shows 'Unexpected Application Error!'", async () => {
    const Boom = () => {
      throw new Error('kaboom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp([{ path: '/', element: <Boom />, errorElement: <RouteErrorPage /> }], '/');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('kaboom')).toBeInTheDocument();
  });
});
