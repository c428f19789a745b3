import type { MutationName, UpdateArgs } from '@smb/shared-types/sync';
import type { LocalWriter } from '../local-writer';
import type * as A from '../mutation-args';
import * as docs from './documents';
import * as master from './master-data';
import * as pay from './payments';
import * as mail from './mail';
import { creditNoteCreate } from './credit-notes';
import * as recurring from './recurring';
import type { DocumentMailArgs } from '@smb/shared-types/document-mail';

/** The argument type of each mutation name. */
export interface MutationArgs {
  'customer.create': A.CustomerCreateArgs;
  'customer.update': UpdateArgs;
  'customer.delete': A.IdArgs;
  'contact.create': A.ContactCreateArgs;
  'contact.update': UpdateArgs;
  'contact.delete': A.IdArgs;
  'product.create': A.ProductCreateArgs;
  'product.update': UpdateArgs;
  'product.delete': A.IdArgs;
  'currency.create': A.CurrencyCreateArgs;
  'currency.update': UpdateArgs;
  'currency.delete': A.IdArgs;
  'taxRate.create': A.TaxRateCreateArgs;
  'taxRate.update': UpdateArgs;
  'taxRate.delete': A.IdArgs;
  'tenant.update': A.TenantUpdateArgs;
  'tenant.updateCompany': A.CompanyUpdateArgs;
  'tenant.updateBilling': A.BillingUpdateArgs;
  'quote.create': A.DocumentCreateArgs;
  'quote.update': UpdateArgs;
  'quote.delete': A.IdArgs;
  'quote.setStatus': A.SetStatusArgs;
  'quote.send': A.QuoteSendArgs;
  'quote.convert': A.ConvertQuoteArgs;
  'order.create': A.DocumentCreateArgs;
  'order.update': UpdateArgs;
  'order.delete': A.IdArgs;
  'order.createInvoice': A.CreateInvoiceArgs;
  'invoice.setStatus': A.SetStatusArgs;
  'invoice.setTerms': A.InvoiceTermsArgs;
  'invoice.setReminders': A.InvoiceRemindersArgs;
  'invoice.email': DocumentMailArgs;
  'order.email': DocumentMailArgs;
  'invoice.issue': A.IdArgs;
  'payment.create': A.PaymentCreateArgs;
  'payment.delete': A.PaymentDeleteArgs;
  'creditNote.create': A.CreditNoteCreateArgs;
  'creditNote.email': DocumentMailArgs;
  'recurringProfile.create': A.RecurringProfileCreateArgs;
  'recurringProfile.update': UpdateArgs;
  'recurringProfile.delete': A.IdArgs;
  'recurringProfile.pause': A.IdArgs;
  'recurringProfile.resume': A.IdArgs;
  'recurringProfile.skipNext': A.RecurringSkipArgs;
  'recurringProfile.invoiceNow': A.IdArgs;
  'recurringProfile.setExtras': A.RecurringExtrasArgs;
  'conflict.resolve': A.IdArgs;
}

type LocalMutator<N extends MutationName> = (
  w: LocalWriter,
  args: MutationArgs[N],
) => Promise<void>;

/** One local mutator per mutation name: used for the user's action and again by every rebase. */
export const LOCAL_MUTATORS: { [N in MutationName]: LocalMutator<N> } = {
  'customer.create': master.customerCreate,
  'customer.update': master.customerUpdate,
  'customer.delete': master.customerDelete,
  'contact.create': master.contactCreate,
  'contact.update': master.contactUpdate,
  'contact.delete': master.contactDelete,
  'product.create': master.productCreate,
  'product.update': master.productUpdate,
  'product.delete': master.productDelete,
  'currency.create': master.currencyCreate,
  'currency.update': master.currencyUpdate,
  'currency.delete': master.currencyDelete,
  'taxRate.create': master.taxRateCreate,
  'taxRate.update': master.taxRateUpdate,
  'taxRate.delete': master.taxRateDelete,
  'tenant.update': master.tenantUpdate,
  'tenant.updateCompany': master.tenantUpdateCompany,
  'tenant.updateBilling': master.tenantUpdateBilling,
  'quote.create': docs.quoteCreate,
  'quote.update': docs.quoteUpdate,
  'quote.delete': docs.quoteDelete,
  'quote.setStatus': docs.quoteSetStatus,
  'quote.send': docs.quoteSend,
  'quote.convert': docs.quoteConvert,
  'order.create': docs.orderCreate,
  'order.update': docs.orderUpdate,
  'order.delete': docs.orderDelete,
  'order.createInvoice': docs.orderCreateInvoice,
  'invoice.setStatus': docs.invoiceSetStatus,
  'invoice.setTerms': pay.invoiceSetTerms,
  'invoice.setReminders': pay.invoiceSetReminders,
  'invoice.email': mail.invoiceEmail,
  'order.email': mail.orderEmail,
  'invoice.issue': docs.invoiceIssue,
  'payment.create': pay.paymentCreate,
  'payment.delete': pay.paymentDelete,
  'creditNote.create': creditNoteCreate,
  'creditNote.email': mail.creditNoteEmail,
  'recurringProfile.create': recurring.recurringProfileCreate,
  'recurringProfile.update': recurring.recurringProfileUpdate,
  'recurringProfile.delete': recurring.recurringProfileDelete,
  'recurringProfile.pause': recurring.recurringProfilePause,
  'recurringProfile.resume': recurring.recurringProfileResume,
  'recurringProfile.skipNext': recurring.recurringProfileSkipNext,
  'recurringProfile.invoiceNow': recurring.recurringProfileInvoiceNow,
  'recurringProfile.setExtras': recurring.recurringProfileSetExtras,
  'conflict.resolve': master.conflictResolve,
};

export async function runLocalMutator(
  w: LocalWriter,
  name: MutationName,
  args: unknown,
): Promise<void> {
  const mutator = LOCAL_MUTATORS[name] as (w: LocalWriter, args: unknown) => Promise<void>;
  await mutator(w, args);
}
