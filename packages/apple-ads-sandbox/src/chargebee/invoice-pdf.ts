// A small but real PDF document for an invoice (PDF 1.4, one page, Helvetica), built by hand with
// a correct cross-reference table so any reader opens it.
import type { Customer, Invoice } from './chargebee-store.js';

export function invoicePdf(invoice: Invoice, customer: Customer | undefined): Buffer {
  const money = (cents: number) =>
    `${String(invoice.currency_code ?? 'USD')} ${(cents / 100).toFixed(2)}`;
  const lines = [
    `Invoice ${invoice.id}`,
    `Date: ${new Date(invoice.date * 1000).toISOString().slice(0, 10)}`,
    `Customer: ${customer?.company ?? customer?.email ?? invoice.customer_id}`,
    `Total: ${money(invoice.total)}`,
    `Status: ${invoice.status}`,
  ];
  const escape = (text: string) =>
    text.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 14 Tf 72 760 Td 18 TL ${lines.map((line) => `(${escape(line)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
