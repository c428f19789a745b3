import { Group, Stack, Table, Text } from '@mantine/core';
import type { EInvoiceDocument } from '@smb/shared-types/einvoice';
import { formatDate } from '../../../lib/formats';
import { formatIban, money, paymentMeansLabel, taxLabel } from './format';
import { TableHead, alignRight } from '../../../components/list/TableHead';

function Heading({ children }: { children: string }) {
  return (
    <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6}>
      {children}
    </Text>
  );
}

/** BG-23: one row per VAT category and rate, with the reason where no VAT is charged. */
export function VatBreakdown({ doc }: { doc: EInvoiceDocument }) {
  return (
    <section aria-label="VAT breakdown">
      <Heading>VAT breakdown</Heading>
      <Table data-testid="einvoice-vat" verticalSpacing={6} fz="sm">
        <TableHead cells={['Rate', alignRight('Taxable'), alignRight('VAT')]} />
        <Table.Tbody>
          {doc.taxSubtotals.map((row) => (
            <Table.Tr key={`${row.category}|${row.rate}`}>
              <Table.Td>
                {taxLabel(row)}
                {row.exemptionReason && row.exemptionReason !== taxLabel(row) && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {row.exemptionReason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(row.taxableAmount, doc.currency)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(row.taxAmount, doc.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : undefined}
        c={strong ? undefined : 'dimmed'}
      >
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** BG-22, with document allowances and charges listed by reason. */
export function Totals({ doc }: { doc: EInvoiceDocument }) {
  const t = doc.totals;
  const c = doc.currency;
  const zero = (amount: string) => Number(amount) === 0;
  return (
    <Stack gap={6} component="section" aria-label="Totals" data-testid="einvoice-totals">
      <Heading>Totals</Heading>
      <Row label="Lines" value={money(t.lineTotal, c)} />
      {doc.allowancesCharges.map((ac, i) => (
        <Row
          key={i}
          label={`${ac.kind === 'allowance' ? 'Discount' : 'Charge'}: ${ac.reason}`}
          value={money(ac.kind === 'allowance' ? `-${ac.amount}` : ac.amount, c)}
        />
      ))}
      <Row label="Net total" value={money(t.taxExclusive, c)} />
      <Row label="VAT" value={money(t.taxTotal, c)} />
      {doc.taxCurrency && (
        <Row
          label={`VAT in ${doc.taxCurrency.code}`}
          value={money(doc.taxCurrency.taxTotal, doc.taxCurrency.code)}
        />
      )}
      <Row label="Total" value={money(t.taxInclusive, c)} />
      {!zero(t.prepaid) && <Row label="Paid already" value={money(`-${t.prepaid}`, c)} />}
      {!zero(t.rounding) && <Row label="Rounding" value={money(t.rounding, c)} />}
      <div style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 6 }}>
        <Row
          strong
          label={doc.kind === 'creditNote' ? 'Amount credited' : 'Amount due'}
          value={money(t.due, c)}
        />
      </div>
    </Stack>
  );
}

/** BG-16 and BT-20: how and when to pay, to which account. */
export function Payment({ doc }: { doc: EInvoiceDocument }) {
  const p = doc.payment;
  if (!p && !doc.dueDate) return null;
  const item = (label: string, value: string | undefined, testId?: string) =>
    value ? (
      <Text size="sm" data-testid={testId}>
        <Text span size="sm" c="dimmed">
          {label}:{' '}
        </Text>
        {value}
      </Text>
    ) : null;
  return (
    <Stack gap={2} component="section" aria-label="Payment">
      <Heading>Payment</Heading>
      {p?.terms && <Text size="sm">{p.terms}</Text>}
      {item('Due', doc.dueDate && formatDate(doc.dueDate))}
      {p && item('Means', paymentMeansLabel(p.meansCode))}
      {item('IBAN', p?.account && formatIban(p.account.iban), 'einvoice-iban')}
      {item('BIC', p?.account?.bic)}
      {item('Account holder', p?.account?.name)}
      {item('Reference', p?.remittanceInformation)}
    </Stack>
  );
}
