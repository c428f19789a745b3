/** 'just now', '1 min ago', '5 min ago', '2 h ago', 'yesterday', or a date. */
export function timeAgo(time: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  if (hours < 48) return 'yesterday';
  return new Date(time).toLocaleDateString();
}

const ENTITY_LABELS: Record<string, string> = {
  customer: 'Customer',
  contact: 'Contact',
  product: 'Product',
  currency: 'Currency',
  quote: 'Quote',
  order: 'Order',
  invoice: 'Invoice',
  creditNote: 'Credit note',
  credit_note: 'Credit note',
  recurringProfile: 'Recurring profile',
  recurring_profile: 'Recurring profile',
  tenant: 'Company',
  conflict: 'Conflict',
};

const ACTION_LABELS: Record<string, string> = {
  create: 'New',
  update: 'Changes to',
  delete: 'Deletion of',
  send: 'Sending',
  convert: 'Conversion of',
  setStatus: 'Status change of',
  resolve: 'Resolution of',
  createInvoice: 'Invoice for',
  pause: 'Pausing of',
  resume: 'Resuming of',
  skipNext: 'Skipping the next invoice of',
  invoiceNow: 'Invoice now from',
  setExtras: 'Extras for the next invoice of',
};

/** 'customer.update' + args → 'Changes to customer “Acme”'. */
export function describeMutation(name: string, args: Record<string, unknown> | null): string {
  const [entity = '', action = ''] = name.split('.');
  const noun = (ENTITY_LABELS[entity] ?? entity).toLowerCase();
  const verb = ACTION_LABELS[action] ?? action;
  const changes = (args?.changes ?? null) as Record<string, unknown> | null;
  const label = args?.name ?? changes?.name ?? args?.naturalName;
  const what = `${verb} ${noun}`.trim();
  const text = what.charAt(0).toUpperCase() + what.slice(1);
  return typeof label === 'string' && label ? `${text} “${label}”` : text;
}

/** 'companyName' / 'phoneNumber' → 'Company name' / 'Phone number'. */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A conflicting value as text: '(empty)' for null or blank. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function entityLabel(table: string): string {
  const singular = table.endsWith('ies') ? `${table.slice(0, -3)}y` : table.replace(/s$/, '');
  return ENTITY_LABELS[singular] ?? fieldLabel(singular);
}

/**
 * A moment as a clock time the user can compare with their watch: '14:02' today,
 * 'yesterday 14:02', or the date and time before that (in the browser's locale).
 */
export function clockTime(time: number, now = Date.now()): string {
  const date = new Date(time);
  const clock = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return clock;
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (date.toDateString() === yesterday.toDateString()) return `yesterday ${clock}`;
  return `${date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${clock}`;
}
