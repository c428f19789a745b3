/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Document, Image, Link, Page, Text, View } from '@react-pdf/renderer';
import { s } from './layout-styles';
import { exemptionNotes, watermarkOf, type DocumentModel, type DocumentTaxRow } from './model';
import { TAX_CATEGORY_RULES } from '../tax-categories';
import { formatDocumentDate, formatDocumentMoney, formatQuantity, formatTaxRate } from './format';
import { parseNotes, type NoteRun } from './notes';
import { roundMoney } from '../money';
import {
  documentStatus,
  documentText,
  taxCategoryText,
  type DocumentLanguage,
  type DocumentTextKey,
} from '../document-language';

const TITLE_KEYS = {
  quote: 'quote',
  order: 'order',
  invoice: 'invoice',
  creditNote: 'creditNote',
} as const;
import { formatIban } from '../parties';
import { postcodeCity } from './build';

/**
 * The one layout of quotes, orders and invoices, rendered by the server (Node) and by the PWA
 * (browser) alike. Font family 'Inter' must be registered first (`registerDocumentFonts`); the
 * styles are in layout-styles.ts.
 */
export { DOCUMENT_FONT } from './layout-styles';

function Lines({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => (
      <Text key={i} style={s.line}>
        {l}
      </Text>
    ));
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <View style={s.fact}>
      <Text style={s.factLabel}>{label}</Text>
      <Text style={s.factValue}>{value}</Text>
    </View>
  );
}

function Run({ run }: { run: NoteRun }) {
  const style = {
    ...(run.bold ? { fontWeight: 700 } : {}),
    ...(run.italic ? { fontStyle: 'italic' as const } : {}),
    ...(run.underline ? { textDecoration: 'underline' as const } : {}),
    ...(run.strike ? { textDecoration: 'line-through' as const } : {}),
  };
  if (run.href)
    return (
      <Link src={run.href} style={[s.link, style]}>
        {run.text}
      </Link>
    );
  return <Text style={style}>{run.text}</Text>;
}

function Notes({ html, label }: { html: string; label: string }) {
  const blocks = parseNotes(html);
  if (blocks.length === 0) return null;
  return (
    <View style={s.section}>
      <Text style={s.label}>{label}</Text>
      {blocks.map((block, i) =>
        block.type === 'paragraph' ? (
          <Text key={i} style={s.paragraph}>
            {block.runs.map((run, j) => (
              <Run key={j} run={run} />
            ))}
          </Text>
        ) : (
          <View key={i} style={s.paragraph}>
            {block.items.map((item, j) => (
              <View key={j} style={s.listItem} wrap={false}>
                <Text style={s.bullet}>{block.ordered ? `${j + 1}.` : '•'}</Text>
                <Text style={{ flex: 1 }}>
                  {item.map((run, k) => (
                    <Run key={k} run={run} />
                  ))}
                </Text>
              </View>
            ))}
          </View>
        ),
      )}
    </View>
  );
}

function Party({
  label,
  vatIdLabel,
  party,
}: {
  label: string;
  vatIdLabel: string;
  party: DocumentModel['customer'] | DocumentModel['contact'];
}) {
  if (!party) return <View style={s.party} />;
  return (
    <View style={s.party}>
      <Text style={s.label}>{label}</Text>
      <Text style={s.partyName}>{party.name}</Text>
      {party.role ? <Text style={s.line}>{party.role}</Text> : null}
      <Lines text={party.address} />
      <Lines text={party.address2} />
      {postcodeCity(party) ? <Text style={s.line}>{postcodeCity(party)}</Text> : null}
      {party.country ? <Text style={s.line}>{party.country}</Text> : null}
      {party.vatId ? (
        <Text style={s.line}>
          {vatIdLabel}: {party.vatId}
        </Text>
      ) : null}
      {party.email ? <Text style={s.line}>{party.email}</Text> : null}
      {party.phone ? <Text style={s.line}>{party.phone}</Text> : null}
    </View>
  );
}

/** The PDF document of a quote, order or invoice. */
/** The tax per rate (EN 16931's breakdown): rate, taxable amount and tax, one row each. */
function TaxBreakdownTable({
  rows,
  money,
  t,
  language,
}: {
  rows: DocumentTaxRow[];
  money: (v: number | string) => string;
  t: (key: DocumentTextKey) => string;
  language: DocumentLanguage;
}) {
  return (
    <View style={s.breakdown}>
      <View style={s.breakdownHead}>
        <Text style={s.breakdownRate}>{t('taxRate')}</Text>
        <Text style={s.breakdownAmount}>{t('taxableAmount')}</Text>
        <Text style={s.breakdownAmount}>{t('tax')}</Text>
      </View>
      {rows.map((row) => (
        <View key={`${row.category}|${row.rate}`} style={s.breakdownRow}>
          <Text style={s.breakdownRate}>
            {TAX_CATEGORY_RULES[row.category].taxed
              ? formatTaxRate(row.rate, language)
              : `${taxCategoryText(language, row.category)} (${row.category})`}
          </Text>
          <Text style={s.breakdownAmount}>{money(row.taxableAmount)}</Text>
          <Text style={s.breakdownAmount}>{money(row.taxAmount)}</Text>
        </View>
      ))}
    </View>
  );
}

export function DocumentPdf({ model }: { model: DocumentModel }) {
  const language: DocumentLanguage = model.language ?? 'en';
  const t = (key: DocumentTextKey, values?: Record<string, string | number>) =>
    documentText(language, key, values);
  const title = t(TITLE_KEYS[model.kind]);
  const money = (v: number | string) =>
    formatDocumentMoney(v, model.currency.symbol, language, model.currency.code);
  const date = (iso: string) => formatDocumentDate(iso, language);
  const company = model.company;
  const companyName = company.legalName || company.name;
  const watermark = watermarkOf(model.status);
  const numberText = model.number ?? t('unnumbered');
  // An invoice with payments shows what is paid and what is left; an unpaid one its total only.
  const hasPayments =
    model.amountPaid !== undefined &&
    model.amountPaid !== null &&
    roundMoney(model.amountPaid) !== '0.00' &&
    model.balanceDue !== undefined &&
    model.balanceDue !== null;
  // One rate prints as the one "Tax (19%)" line; several rates, or a category that must say why
  // no VAT is charged (reverse charge, exemption…), as the breakdown table.
  const rows = model.taxBreakdown ?? [];
  const breakdown =
    rows.length > 1 || rows.some((r) => TAX_CATEGORY_RULES[r.category].needsExemptionReason)
      ? rows
      : [];
  const exemptions = exemptionNotes(rows);

  return (
    <Document
      title={`${title} ${model.number ?? t('draft')}`}
      author={companyName}
      creator={companyName}
      producer="SMB Finance"
      language={language}
      {...(model.pdfA ? { conformance: 'PDF/A-3b' as const } : {})}
    >
      <Page size={model.paperSize === 'Letter' ? 'LETTER' : 'A4'} style={s.page} wrap>
        {watermark ? (
          <View style={s.watermarkBox} fixed>
            <Text style={s.watermark}>
              {t(watermark === 'DRAFT' ? 'draft' : 'cancelled').toLocaleUpperCase(language)}
            </Text>
          </View>
        ) : null}

        <Text
          style={s.running}
          fixed
          render={({ pageNumber }) =>
            pageNumber > 1 ? `${companyName} · ${title} ${model.number ?? t('draftRunning')}` : ''
          }
        />

        <View style={s.header}>
          <View style={s.company}>
            {model.logo ? <Image style={s.logo} src={model.logo} /> : null}
            <Text style={s.companyName}>{companyName}</Text>
            <Lines text={company.address} />
            {postcodeCity(company) ? <Text style={s.line}>{postcodeCity(company)}</Text> : null}
            {company.country ? <Text style={s.line}>{company.country}</Text> : null}
            {company.vatId ? (
              <Text style={s.line}>
                {t('vatId')}: {company.vatId}
              </Text>
            ) : null}
            {company.taxId ? (
              <Text style={s.line}>{t('taxIdLine', { taxId: company.taxId })}</Text>
            ) : null}
            {company.registrationId ? (
              <Text style={s.line}>
                {t('registrationId')}: {company.registrationId}
              </Text>
            ) : null}
            {company.email ? <Text style={s.line}>{company.email}</Text> : null}
            {company.phone ? <Text style={s.line}>{company.phone}</Text> : null}
            {company.website ? <Text style={s.line}>{company.website}</Text> : null}
          </View>
          <View style={s.titleBlock}>
            <Text style={s.title}>{title}</Text>
            <Text style={model.number ? s.number : s.unnumbered}>{numberText}</Text>
            <View style={s.facts}>
              <Fact label={t('date')} value={date(model.issueDate)} />
              {model.validUntil ? (
                <Fact label={t('validUntil')} value={date(model.validUntil)} />
              ) : null}
              {model.dueDate ? <Fact label={t('dueDate')} value={date(model.dueDate)} /> : null}
              {(model.references ?? []).map((r) => (
                <Fact key={r.label} label={r.label} value={r.value} />
              ))}
              <Fact label={t('status')} value={documentStatus(language, model.status)} />
              <Fact label={t('currency')} value={model.currency.code} />
            </View>
          </View>
        </View>

        <View style={s.parties}>
          <Party label={t('billTo')} vatIdLabel={t('vatId')} party={model.customer} />
          <Party label={t('contact')} vatIdLabel={t('vatId')} party={model.contact} />
        </View>

        <View style={s.table}>
          <View style={s.headRow} fixed>
            <Text style={[s.headCell, s.colNo]}>#</Text>
            <Text style={[s.headCell, s.colProduct]}>{t('product')}</Text>
            <Text style={[s.headCell, s.colSku]}>{t('sku')}</Text>
            <Text style={[s.headCell, s.colQty]}>{t('qty')}</Text>
            <Text style={[s.headCell, s.colPrice]}>{t('unitPrice')}</Text>
            <Text style={[s.headCell, s.colTotal]}>{t('amount')}</Text>
          </View>
          {model.items.map((item, i) => (
            <View key={i} style={s.row} wrap={false}>
              <Text style={s.colNo}>{i + 1}</Text>
              <View style={s.colProduct}>
                <Text>{item.name}</Text>
                {item.description ? <Text style={s.factLabel}>{item.description}</Text> : null}
              </View>
              <Text style={s.colSku}>{item.sku ?? ''}</Text>
              <Text style={s.colQty}>{formatQuantity(item.quantity, language)}</Text>
              <Text style={s.colPrice}>{money(item.unitPrice)}</Text>
              <Text style={s.colTotal}>{money(item.lineTotal)}</Text>
            </View>
          ))}
        </View>

        <View style={s.bottom} wrap={false}>
          <View style={s.totals}>
            <View style={s.totalRow}>
              <Text style={s.factLabel}>{t('subtotal')}</Text>
              <Text>{money(model.subtotal)}</Text>
            </View>
            {(model.adjustments ?? []).map((a, i) => (
              <View key={`a${i}`} style={s.totalRow}>
                <Text style={s.factLabel}>{a.reason}</Text>
                <Text>
                  {a.kind === 'allowance' ? '−' : ''}
                  {money(a.amount)}
                </Text>
              </View>
            ))}
            {breakdown.length === 0 ? (
              <View style={s.totalRow}>
                <Text style={s.factLabel}>
                  {t('taxWithRate', { rate: formatTaxRate(model.taxRate, language) })}
                </Text>
                <Text>{money(model.taxAmount)}</Text>
              </View>
            ) : (
              <TaxBreakdownTable rows={breakdown} money={money} t={t} language={language} />
            )}
            <View style={s.grandTotal}>
              <Text>{t('totalWithCurrency', { currency: model.currency.code })}</Text>
              <Text>{money(model.total)}</Text>
            </View>
            {hasPayments ? (
              <>
                <View style={s.totalRow}>
                  <Text style={s.factLabel}>{t('amountPaid')}</Text>
                  <Text>{money(model.amountPaid!)}</Text>
                </View>
                <View style={[s.totalRow, { fontWeight: 700 }]}>
                  <Text>{t('balanceDue')}</Text>
                  <Text>{money(model.balanceDue!)}</Text>
                </View>
              </>
            ) : null}
          </View>
        </View>

        {exemptions.length > 0 ? (
          <View style={s.section} wrap={false}>
            {exemptions.map((note) => (
              <Text key={note} style={s.line}>
                {note}
              </Text>
            ))}
          </View>
        ) : null}

        <Notes html={model.notes} label={t('notes')} />

        {company.iban || company.bic ? (
          <View style={s.section} wrap={false}>
            <Text style={s.label}>{t('bankAccount')}</Text>
            {company.iban ? (
              <Text style={s.line}>
                {t('iban')}: {formatIban(company.iban)}
              </Text>
            ) : null}
            {company.bic ? (
              <Text style={s.line}>
                {t('bic')}: {company.bic}
              </Text>
            ) : null}
          </View>
        ) : null}

        {company.paymentInstructions ? (
          <View style={s.section} wrap={false}>
            <Text style={s.label}>{t('paymentInstructions')}</Text>
            <Lines text={company.paymentInstructions} />
          </View>
        ) : null}

        <View style={s.footer} fixed>
          <Text style={s.footerText}>{company.documentFooter ?? ''}</Text>
        </View>
        <Text
          // Positioned from the top: a page-number text anchored to the bottom is not drawn.
          style={[s.pageNumber, { top: (model.paperSize === 'Letter' ? 792 : 841.89) - 24 - 10 }]}
          fixed
          render={({ pageNumber, totalPages }) =>
            t('page', { page: pageNumber, pages: totalPages })
          }
        />
      </Page>
    </Document>
  );
}
