import { Type, type Static } from 'typebox';
import {
  DOCUMENT_MESSAGES,
  OrNull,
  DocumentCreateBody,
  DocumentUpdateBody,
  documentResponseFields,
} from './quotes';

/** Order fulfilment states; a new order is Pending. */
export const ORDER_STATUSES = [
  'Pending',
  'Processing',
  'Shipped',
  'Delivered',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_MESSAGES = {
  ...DOCUMENT_MESSAGES,
  notFound: 'Order not found',
  invalidStatus: 'Invalid order status',
  invoiced: (invoiceNumber: string) =>
    `This order has invoice ${invoiceNumber} and can no longer be changed or deleted`,
  alreadyInvoiced: (invoiceNumber: string) => `This order was already invoiced as ${invoiceNumber}`,
} as const;

/** POST /api/orders and PUT /api/orders/{id}: the quote's fields (items: productId + quantity). */
export const OrderCreateBody = DocumentCreateBody;
export type OrderCreateBody = Static<typeof OrderCreateBody>;
export const OrderUpdateBody = DocumentUpdateBody;
export type OrderUpdateBody = Static<typeof OrderUpdateBody>;

export const Order = Type.Object({
  ...documentResponseFields,
  orderNumber: Type.String(),
  quoteId: OrNull(Type.String()),
  status: Type.String(),
  invoiceId: OrNull(Type.String()),
  invoiceNumber: OrNull(Type.String()),
  /** When the order confirmation was last e-mailed (ISO), and to whom. */
  emailedAt: OrNull(Type.String({ format: 'date-time' })),
  emailedTo: OrNull(Type.String()),
});
export type Order = Static<typeof Order>;
