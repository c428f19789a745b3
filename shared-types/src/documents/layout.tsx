/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Document, Image, Page, Text, View } from '@react-pdf/renderer';
import { s } from './layout-styles';
import { exemptionNotes, watermarkOf, type DocumentModel } from './model';
import { formatDocumentDate, formatDocumentMoney, formatQuantity } from './format';
import {
  documentStatus,
  documentText,
  type DocumentLanguage,
  type DocumentTextKey,
} from '../document-language';
import { formatIban } from '../parties';
import { postcodeCity } from './build';
import { Fact, LabeledLine, Lines, Notes } from './layout-text';
import { Totals } from './layout-totals';

const TITLE_KEYS = {
  quote: 'quote',
  order: 'order',
  invoice: 'invoice',
  credit_note: 'creditNote',
} as const;

/**
 * The one layout of quotes, orders and invoices, rendered by the server (Node) and by the PWA
 * (browser) alike. Font family 'Inter' must be registered first (`registerDocumentFonts`); the
 * styles are in layout-styles.ts.
 */
export { DOCUMENT_FONT } from './layout-styles';

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
      <LabeledLine label={vatIdLabel} value={party.vatId} />
      {party.email ? <Text style={s.line}>{party.email}</Text> : null}
      {party.phone ? <Text style={s.line}>{party.phone}</Text> : null}
    </View>
  );
}

/** The PDF document of a quote, order, invoice or credit note. */
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
  const exemptions = exemptionNotes(model.taxBreakdown ?? []);

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
            <LabeledLine label={t('vatId')} value={company.vatId} />
            {company.taxId ? (
              <Text style={s.line}>{t('taxIdLine', { taxId: company.taxId })}</Text>
            ) : null}
            <LabeledLine label={t('registrationId')} value={company.registrationId} />
            {company.email ? <Text style={s.line}>{company.email}</Text> : null}
            {company.phone ? <Text style={s.line}>{company.phone}</Text> : null}
            {company.website ? <Text style={s.line}>{company.website}</Text> : null}
          </View>
          <View style={s.titleBlock}>
            <Text style={s.title}>{title}</Text>
            <Text style={model.number ? s.number : s.unnumbered}>{numberText}</Text>
            {model.creditedInvoice ? (
              <Text style={s.line}>
                {t('creditsInvoice', {
                  number: model.creditedInvoice.number,
                  date: date(model.creditedInvoice.date),
                })}
              </Text>
            ) : null}
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

        <Totals model={model} money={money} t={t} language={language} />

        {exemptions.length > 0 ? (
          <View style={s.section} wrap={false}>
            {exemptions.map((note) => (
              <Text key={note} style={s.line}>
                {note}
              </Text>
            ))}
          </View>
        ) : null}

        {model.reason ? (
          <View style={s.section} wrap={false}>
            <Text style={s.label}>{t('creditReason')}</Text>
            <Lines text={model.reason} />
          </View>
        ) : null}

        <Notes html={model.notes} label={t('notes')} />

        {company.iban || company.bic ? (
          <View style={s.section} wrap={false}>
            <Text style={s.label}>{t('bankAccount')}</Text>
            <LabeledLine label={t('iban')} value={company.iban && formatIban(company.iban)} />
            <LabeledLine label={t('bic')} value={company.bic} />
          </View>
        ) : null}

        {company.paymentInstructions && model.kind !== 'credit_note' ? (
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
