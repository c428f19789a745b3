/**
 * The baseline of the API benchmark: a bare Fastify process running the same main SQL as our
 * routes with `pg`, and nothing else — no auth, no validation, no tenant lookup, no response
 * schema. Our figure divided by this one is the cost of everything the product adds.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { verify } from '@node-rs/argon2';
import { PARTY_COLUMNS } from '../sync-server/src/modules/documents/documents.repository';
import { LINE_ITEM_COLUMN_NAMES } from '../sync-server/src/db/tables/documents.table';
import { QUOTE_COLUMN_NAMES } from '../sync-server/src/db/tables/quotes.table';

const schema = process.env.BENCH_SCHEMA!;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
});
const app = Fastify();
const s = `"${schema}"`;

app.get<{ Params: { id: string } }>('/customers/:id', async (req) => {
  const { rows } = await pool.query(`SELECT * FROM ${s}.customers WHERE id = $1`, [req.params.id]);
  return rows[0];
});

// Our list's two statements, as the server sends them: the page with its total, then the lines.
// The column lists are the server's own, so the baseline selects what the product selects.
const quoteColumns = QUOTE_COLUMN_NAMES.map((column) => `q.${column}`).join(', ');
const partyColumns = PARTY_COLUMNS.join(', ');
const lineColumns = LINE_ITEM_COLUMN_NAMES.map((column) => `i.${column}`).join(', ');
const quotesWithParties = `${s}.quotes q LEFT JOIN ${s}.customers c ON c.id = q.customer_id
  LEFT JOIN ${s}.contacts ct ON ct.id = q.contact_id`;
app.get('/quotes', async () => {
  const quotes = await pool.query(
    `SELECT ${quoteColumns}, ${partyColumns},
            (SELECT count(*) FROM ${quotesWithParties}) AS _page_total
       FROM ${quotesWithParties}
      ORDER BY q.created_at DESC, q.id DESC LIMIT $1 OFFSET $2`,
    [100, 0],
  );
  const items = await pool.query(
    `SELECT ${lineColumns}, i.quote_id AS document_id, p.name AS current_name, p.sku AS current_sku,
            p.price AS current_price
       FROM ${s}.quote_items i LEFT JOIN ${s}.products p ON p.id = i.product_id
      WHERE i.quote_id = ANY($1::uuid[]) ORDER BY i.quote_id, i.position`,
    [quotes.rows.map((q) => q.id)],
  );
  return { quotes: quotes.rows, items: items.rows };
});

app.post<{ Body: { customerId: string; contactId: string; productId: string } }>(
  '/quotes',
  async (req) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const version = (
        await client.query(`UPDATE ${s}.sync_state SET version = version + 1 RETURNING version`)
      ).rows[0].version;
      const n = (
        await client.query(
          `UPDATE ${s}.counters SET value = value + 1 WHERE name = 'quote' RETURNING value`,
        )
      ).rows[0].value;
      const product = (
        await client.query(`SELECT name, sku, price FROM ${s}.products WHERE id = $1`, [
          req.body.productId,
        ])
      ).rows[0];
      const id = crypto.randomUUID();
      await client.query(
        `INSERT INTO ${s}.quotes (id, quote_number, customer_id, contact_id, currency_code, subtotal, tax_rate, tax_amount, total, version)
       VALUES ($1, $2, $3, $4, 'USD', 0, 0, 0, 0, $5)`,
        [id, `B-${n}`, req.body.customerId, req.body.contactId, version],
      );
      for (let i = 0; i < 3; i++)
        await client.query(
          `INSERT INTO ${s}.quote_items (id, quote_id, product_id, position, product_name, product_sku, quantity, unit_price, subtotal)
         VALUES ($1, $2, $3, $4, $5, $6, 2, $7::numeric, $7::numeric * 2)`,
          [
            crypto.randomUUID(),
            id,
            req.body.productId,
            i,
            product.name,
            product.sku,
            product.price,
          ],
        );
      await client.query('COMMIT');
      return { id };
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  },
);

app.post('/sync/pull', async () => {
  const state = await pool.query(`SELECT version FROM ${s}.sync_state`);
  const clients = await pool.query(
    `SELECT client_id, last_mutation_id FROM ${s}.sync_clients LIMIT 10`,
  );
  return { cursor: state.rows[0].version, clients: clients.rows };
});

app.post<{ Body: { email: string; password: string } }>('/login', async (req) => {
  const { rows } = await pool.query(
    'SELECT password_hash FROM app.users WHERE lower(email) = lower($1)',
    [req.body.email],
  );
  return { ok: rows[0] ? await verify(rows[0].password_hash, req.body.password) : false };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('Server listening');
// Exits (rather than dies) on SIGTERM, so `--cpu-prof` (BENCH_CPU_PROF) writes its profile.
process.once('SIGTERM', () => process.exit(0));
