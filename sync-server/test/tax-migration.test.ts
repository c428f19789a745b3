/**
 * Issue 33.1 on both databases: the tax migration turns a tenant's existing quotes, orders and
 * invoices (several currencies, the orders at the old fixed 10 %) into lines with their own tax,
 * without changing one stored amount — and what it writes is what `calculateDocument` computes
 * from the migrated lines.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentTaxAmounts,
  documentTotals,
  type StoredAdjustment,
  type TaxCategory,
} from '@smb/shared-types';
import { applyMigrations, migrationNames } from '../src/db/migrate';
import { createTestApp, type TestApp } from './helpers';

const MIGRATION = '2026_11_28_1000_tax_rates_and_line_taxes.sql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Applies the tenant migrations to `schema`: those before the tax migration, or all. */
async function migrate(schema: string, upTo: 'before' | 'all') {
  const client = await t.ctx.database.pool.connect();
  try {
    await client.query('BEGIN');
    const names = migrationNames('tenant');
    const only = upTo === 'before' ? new Set(names.filter((n) => n < MIGRATION)) : undefined;
    await applyMigrations(client, 'tenant', schema, only);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

const CURRENCIES = [
  { code: 'USD', rate: '10' },
  { code: 'EUR', rate: '19' },
  { code: 'CAD', rate: '9.975' },
  { code: 'JPY', rate: '0' },
];

/** Lines of odd prices and quantities, so rounding matters. */
const LINES = [
  [{ price: '33.33', quantity: 3 }],
  [
    { price: '0.05', quantity: 1 },
    { price: '19.99', quantity: 7 },
  ],
  [
    { price: '1234.56', quantity: 2 },
    { price: '0.99', quantity: 13 },
    { price: '7.45', quantity: 1 },
  ],
];

describe('the tax migration', () => {
  it('keeps every subtotal, tax and total of quotes, orders and invoices in every currency', async () => {
    const schema = `t_taxmig_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await migrate(schema, 'before');
    const q = async (text: string, values: unknown[] = []) =>
      (await t.ctx.database.pool.query(text.replaceAll('$s', `"${schema}"`), values)).rows;

    const customer = randomUUID();
    await q(
      `INSERT INTO $s.customers (id, name, email, version) VALUES ($1, 'Old Co', 'o@example.com', 1)`,
      [customer],
    );
    let n = 0;
    for (const currency of CURRENCIES) {
      await q(
        `INSERT INTO $s.currencies (id, code, name, symbol, tax_rate, dollar_exchange_rate, is_default, version)
         VALUES ($1, $2, $3, $4, $5, 1, $6, 1)`,
        [
          randomUUID(),
          currency.code,
          currency.code,
          currency.code,
          currency.rate,
          currency.code === 'USD',
        ],
      );
      for (const lines of LINES) {
        n += 1;
        // The old code: a quote at the currency's rate, its order and invoice at a fixed 10 %.
        for (const [table, items, parent, rate] of [
          ['quotes', 'quote_items', 'quote_id', currency.rate],
          ['orders', 'order_items', 'order_id', '10'],
        ] as const) {
          const totals = documentTotals(
            lines.map((l) => ({ unitPrice: l.price, quantity: l.quantity })),
            rate,
          );
          const id = randomUUID();
          const number = table === 'quotes' ? 'quote_number' : 'order_number';
          await q(
            `INSERT INTO $s.${table} (id, ${number}, customer_id, currency_code, subtotal, tax_rate, tax_amount, total, version)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1)`,
            [
              id,
              `${table}-${n}`,
              customer,
              currency.code,
              totals.subtotal,
              rate,
              totals.taxAmount,
              totals.total,
            ],
          );
          for (const [position, l] of lines.entries())
            await q(
              `INSERT INTO $s.${items} (id, ${parent}, position, product_name, quantity, unit_price, subtotal)
               VALUES ($1, $2, $3, 'Thing', $4, $5, $6)`,
              [randomUUID(), id, position, l.quantity, l.price, totals.lines[position]],
            );
          if (table === 'orders') {
            const invoice = randomUUID();
            await q(
              `INSERT INTO $s.invoices (id, invoice_number, order_id, customer_id, customer_name, customer_email,
                 currency_code, subtotal, tax_rate, tax_amount, total, version)
               SELECT $1, $2, id, customer_id, 'Old Co', 'o@example.com', currency_code, subtotal, tax_rate,
                 tax_amount, total, 1 FROM $s.orders WHERE id = $3`,
              [invoice, `INV-${n}`, id],
            );
            await q(
              `INSERT INTO $s.invoice_items (id, invoice_id, position, product_name, quantity, unit_price, subtotal)
               SELECT gen_random_uuid(), $1, position, product_name, quantity, unit_price, subtotal
               FROM $s.order_items WHERE order_id = $2`,
              [invoice, id],
            );
          }
        }
      }
    }

    const amounts = async () => {
      const out: Record<string, unknown> = {};
      for (const table of ['quotes', 'orders', 'invoices'])
        for (const row of await q(
          `SELECT id, subtotal::text, tax_rate::text, tax_amount::text, total::text FROM $s.${table} ORDER BY id`,
        ))
          out[`${table}/${row.id as string}`] = row;
      return out;
    };
    const before = await amounts();
    expect(Object.keys(before)).toHaveLength(CURRENCIES.length * LINES.length * 3);

    await migrate(schema, 'all');
    expect(await amounts()).toEqual(before);

    // What the migration wrote is what the one arithmetic computes from the migrated lines.
    for (const [table, items, parent] of [
      ['quotes', 'quote_items', 'quote_id'],
      ['orders', 'order_items', 'order_id'],
      ['invoices', 'invoice_items', 'invoice_id'],
    ] as const) {
      for (const doc of await q(`SELECT * FROM $s.${table}`)) {
        const lines = await q(
          `SELECT quantity, unit_price::text, subtotal::text, line_total::text, tax_category, tax_rate::text,
             discount_kind, discount_value FROM $s.${items} WHERE ${parent} = $1 ORDER BY position`,
          [doc.id],
        );
        const computed = documentTaxAmounts(
          lines.map((l) => ({
            quantity: l.quantity as number,
            unitPrice: l.unit_price as string,
            taxCategory: l.tax_category as TaxCategory,
            taxRate: l.tax_rate as string,
            discountKind: null,
            discountValue: null,
          })),
          doc.adjustments as StoredAdjustment[],
          doc.prices_include_tax as boolean,
        );
        const old = before[`${table}/${doc.id as string}`] as Record<string, string>;
        expect([computed.subtotal, computed.taxAmount, computed.total]).toEqual([
          old.subtotal,
          old.tax_amount,
          old.total,
        ]);
        expect(doc.tax_breakdown).toEqual(computed.taxBreakdown);
        expect(lines.map((l) => l.line_total)).toEqual(computed.lines.map((l) => l.lineTotal));
        expect(lines.map((l) => l.subtotal)).toEqual(computed.lines.map((l) => l.subtotal));
      }
    }
    await q(`DROP SCHEMA $s CASCADE`);
  });
});
