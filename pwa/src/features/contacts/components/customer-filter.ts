/** Navigation state from the customer list's Contacts action. */
export interface CustomerFilterState {
  customerId: string;
  customerName: string;
}

export function customerFilterFrom(state: unknown): CustomerFilterState | null {
  const s = state as Partial<CustomerFilterState> | null;
  return s && typeof s.customerId === 'string'
    ? { customerId: s.customerId, customerName: String(s.customerName ?? '') }
    : null;
}
