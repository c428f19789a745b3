import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from './routes/RootLayout';
import { RouteErrorPage } from './routes/RouteErrorPage';
import { CatchAll, RequireAdmin, RequireAuth } from './routes/guards';

// Every screen is its own chunk: the landing page downloads neither the dashboard nor its data layer.
const LandingPage = lazy(() => import('../public/landing/LandingPage'));
const ContactPage = lazy(() => import('../public/contact/ContactPage'));
const InfoPage = lazy(() => import('../public/info/InfoPage'));
const LoginPage = lazy(() => import('../public/auth/LoginPage'));
const RegisterPage = lazy(() => import('../public/auth/RegisterPage'));
const VerifyEmailPage = lazy(() => import('../public/auth/VerifyEmailPage'));
const ForgotPasswordPage = lazy(() => import('../public/auth/ForgotPasswordPage'));
const VerifyInvitationPage = lazy(() => import('../public/auth/VerifyInvitationPage'));
const PublicQuotePage = lazy(() => import('../public/quote/PublicQuotePage'));
const DashboardLayout = lazy(() => import('./layouts/DashboardLayout'));
const DashboardHome = lazy(() => import('./routes/DashboardHome'));
const SettingsLayout = lazy(() => import('./layouts/SettingsLayout'));
const QuotesListScreen = lazy(() => import('../features/quotes/screens/QuotesListScreen'));
const QuoteFormScreen = lazy(() => import('../features/quotes/screens/QuoteFormScreen'));
const OrdersListScreen = lazy(() => import('../features/orders/screens/OrdersListScreen'));
const OrderFormScreen = lazy(() => import('../features/orders/screens/OrderFormScreen'));
const CustomerListScreen = lazy(() => import('../features/customers/screens/CustomerListScreen'));
const CustomerFormScreen = lazy(() => import('../features/customers/screens/CustomerFormScreen'));
const ContactListScreen = lazy(() => import('../features/contacts/screens/ContactListScreen'));
const ContactFormScreen = lazy(() => import('../features/contacts/screens/ContactFormScreen'));
const ProductListScreen = lazy(() => import('../features/products/screens/ProductListScreen'));
const ProductFormScreen = lazy(() => import('../features/products/screens/ProductFormScreen'));
const ImportScreen = lazy(() => import('../features/csv/ImportScreen'));
const InvoicesListScreen = lazy(() => import('../features/invoices/screens/InvoicesListScreen'));
const InvoiceDetailScreen = lazy(() => import('../features/invoices/screens/InvoiceDetailScreen'));
const CreditNotesListScreen = lazy(
  () => import('../features/credit-notes/screens/CreditNotesListScreen'),
);
const CreditNoteDetailScreen = lazy(
  () => import('../features/credit-notes/screens/CreditNoteDetailScreen'),
);
const RecurringListScreen = lazy(() => import('../features/recurring/screens/RecurringListScreen'));
const RecurringFormScreen = lazy(() => import('../features/recurring/screens/RecurringFormScreen'));
const RecurringDetailScreen = lazy(
  () => import('../features/recurring/screens/RecurringDetailScreen'),
);
const EInvoiceViewerScreen = lazy(
  () => import('../features/einvoice-viewer/screens/EInvoiceViewerScreen'),
);
const TenantSettingsScreen = lazy(() => import('../features/tenant/screens/TenantSettingsScreen'));
const CurrenciesSettingsScreen = lazy(
  () => import('../features/currencies/screens/CurrenciesSettingsScreen'),
);
const TaxRatesSettingsScreen = lazy(
  () => import('../features/tax-rates/screens/TaxRatesSettingsScreen'),
);
const UsersSettingsScreen = lazy(() => import('../features/users/screens/UsersSettingsScreen'));

/** A dashboard section: its list at the section's own path, its other screens by their paths. */
function section(path: string, list: ReactNode, screens: Record<string, ReactNode>): RouteObject {
  return {
    path,
    children: [
      { index: true, element: list },
      ...Object.entries(screens).map(([screenPath, element]) => ({ path: screenPath, element })),
    ],
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/faq', element: <InfoPage page="faq" /> },
      { path: '/support', element: <InfoPage page="support" /> },
      { path: '/privacy', element: <InfoPage page="privacy" /> },
      { path: '/terms', element: <InfoPage page="terms" /> },
      { path: '/cookie-policy', element: <InfoPage page="cookie-policy" /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/verify-invitation', element: <VerifyInvitationPage /> },
      { path: '/quote/:tenantId/:quoteId/view', element: <PublicQuotePage /> },
      {
        path: '/dashboard',
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <DashboardHome /> },
          section('customers', <CustomerListScreen />, {
            new: <CustomerFormScreen />,
            ':id': <CustomerFormScreen />,
          }),
          section('contacts', <ContactListScreen />, {
            new: <ContactFormScreen />,
            ':id': <ContactFormScreen />,
          }),
          section('products', <ProductListScreen />, {
            new: <ProductFormScreen />,
            ':id': <ProductFormScreen />,
          }),
          { path: 'import/:kind', element: <ImportScreen /> },
          section('quotes', <QuotesListScreen />, {
            new: <QuoteFormScreen />,
            ':id': <QuoteFormScreen />,
          }),
          section('orders', <OrdersListScreen />, { ':id': <OrderFormScreen /> }),
          section('invoices', <InvoicesListScreen />, { ':id': <InvoiceDetailScreen /> }),
          section('credit-notes', <CreditNotesListScreen />, { ':id': <CreditNoteDetailScreen /> }),
          section('recurring', <RecurringListScreen />, {
            new: <RecurringFormScreen />,
            ':id': <RecurringDetailScreen />,
            ':id/edit': <RecurringFormScreen />,
          }),
          { path: 'open-e-invoice', element: <EInvoiceViewerScreen /> },
          {
            path: 'settings',
            element: (
              <RequireAdmin>
                <SettingsLayout />
              </RequireAdmin>
            ),
            children: [
              { index: true, element: <Navigate to="tenant" replace /> },
              { path: 'tenant', element: <TenantSettingsScreen /> },
              { path: 'currencies', element: <CurrenciesSettingsScreen /> },
              { path: 'tax-rates', element: <TaxRatesSettingsScreen /> },
              { path: 'users', element: <UsersSettingsScreen /> },
            ],
          },
        ],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];
