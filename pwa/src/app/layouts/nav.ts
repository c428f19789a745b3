import {
  IconAddressBook,
  IconBuildingStore,
  IconFileImport,
  IconFileInvoice,
  IconFileText,
  IconLayoutDashboard,
  IconPackage,
  IconReceiptRefund,
  IconRepeat,
  IconSettings,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Highlight only on the exact path (the dashboard index would otherwise match everything). */
  exact?: boolean;
}

export interface NavSection {
  title: string | null;
  adminOnly?: boolean;
  items: NavItem[];
}

/** The dashboard sidebar's links, in order. */
export const NAV_SECTIONS: NavSection[] = [
  {
    title: null,
    items: [{ label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, exact: true }],
  },
  {
    title: 'Business Management',
    items: [
      { label: 'Customers', to: '/dashboard/customers', icon: IconBuildingStore },
      { label: 'Contacts', to: '/dashboard/contacts', icon: IconAddressBook },
      { label: 'Products', to: '/dashboard/products', icon: IconPackage },
    ],
  },
  {
    title: 'Transactions',
    items: [
      { label: 'Quotes', to: '/dashboard/quotes', icon: IconFileText },
      { label: 'Orders', to: '/dashboard/orders', icon: IconTruckDelivery },
      { label: 'Invoices', to: '/dashboard/invoices', icon: IconFileInvoice },
      { label: 'Credit notes', to: '/dashboard/credit-notes', icon: IconReceiptRefund },
      { label: 'Recurring', to: '/dashboard/recurring', icon: IconRepeat },
      { label: 'Open e-invoice', to: '/dashboard/open-e-invoice', icon: IconFileImport },
    ],
  },
  {
    title: 'Administration',
    adminOnly: true,
    items: [{ label: 'Settings', to: '/dashboard/settings', icon: IconSettings }],
  },
];

/** Active when the path matches or is nested below the link. */
export function isNavActive(pathname: string, item: Pick<NavItem, 'to' | 'exact'>): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (item.exact) return path === item.to;
  return path === item.to || path.startsWith(`${item.to}/`);
}
