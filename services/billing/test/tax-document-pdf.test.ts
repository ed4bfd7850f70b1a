import { readFileSync } from 'node:fs';
import { asPaise } from '@portal/contracts';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { CreditNoteRecord } from '../src/tax-documents/domain/ports';
import { rememberingFont } from '../src/tax-documents/documents/remembering-font';
import { renderTaxDocumentPdf } from '../src/tax-documents/documents/tax-document-pdf';
import { pdfRawText } from './billing-harness';

/** The PDF's text lines as a reader sees them (not normalised: a line break shows). */
const lines = async (pdf: Buffer) => (await pdfRawText(pdf)).split('\n').map((line) => line.trim());

const at = new Date('2026-11-23T06:30:00Z');
const creditNote: CreditNoteRecord = {
  number: 'TPCN/2627/000001',
  series: 'TPCN/2627',
  sequence: 1,
  issuedAt: at,
  merchantOrderId: 'TPP-MH2XK9QZ-1A2B3C4D5E6F',
  accountId: '6760c1f0a2b3c4d5e6f70812',
  seller: {
    legalName: 'Ledgerline Software Private Limited',
    address: '5 Residency Road, Bengaluru, Karnataka 560025',
    gstin: '29AAGCR4375J1ZU',
    stateCode: '29',
    stateName: 'Karnataka',
    demo: false,
  },
  buyer: {
    name: 'Iyer & Associates',
    email: 'accounts.department.mumbai@iyerandassociatescharteredaccountants.co.in',
    address: '12 MG Road',
    stateCode: '27',
    stateName: 'Maharashtra',
    gstin: '27AAPFU0939F1ZV',
  },
  placeOfSupply: { code: '27', name: 'Maharashtra' },
  sac: '997331',
  ratePercent: 18,
  plan: 'professional',
  billingPeriod: 'monthly',
  totalPaise: asPaise(100_000),
  taxablePaise: asPaise(84_746),
  cgstPaise: asPaise(0),
  sgstPaise: asPaise(0),
  igstPaise: asPaise(15_254),
  merchantRefundId: 'TPP-MH2XK9QZ-1A2B3C4D5E6F-R1',
  phonepeRefundId: 'OMR2611231200001',
  invoiceNumber: 'TP/2627/000001',
  invoiceDate: at,
  invoiceTotalPaise: asPaise(100_000),
  reason: 'Bought the wrong plan',
};

describe('the tax document PDF', () => {
  it('when a line is longer than its column, then it breaks between words: the invoice’s date and a long e-mail address stay whole', async () => {
    const text = await lines(await renderTaxDocumentPdf(creditNote));
    expect(text).toContain(creditNote.buyer.email); // one line, in smaller type rather than cut at the @
    const against = text.findIndex((line) => line.startsWith('Against invoice: TP/2627/000001'));
    const dated = `${text[against]} ${text[against + 1]}`.replace(/\s+/g, ' ');
    expect(dated).toBe('Against invoice: TP/2627/000001 dated 23 Nov 2026');
    expect(text[against + 1]!.replace(/\s+/g, ' ')).toBe('23 Nov 2026');
  });

  it('when two documents are drawn at once from the fonts they share, then each holds its own text and glyphs', async () => {
    const other: CreditNoteRecord = {
      ...creditNote,
      number: 'TPCN/2627/000002',
      buyer: { ...creditNote.buyer, name: 'Zubin Qureshi & Wadia' },
    };
    const [first, second] = await Promise.all([renderTaxDocumentPdf(creditNote), renderTaxDocumentPdf(other)]);
    const [firstText, secondText] = [(await lines(first)).join('\n'), (await lines(second)).join('\n')];
    expect(firstText).toContain('Iyer & Associates');
    expect(firstText).not.toContain('Zubin');
    expect(secondText).toContain('Zubin Qureshi & Wadia');
    expect(secondText).toContain('TPCN/2627/000002');
    expect(secondText).not.toContain('Iyer & Associates');
  });
});

describe('a font that remembers its words and glyphs across documents', () => {
  const dejaVu = () => fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
  const created = new Date('2026-11-30T10:00:00Z');
  const draw = (font: fontkit.Font, text: string) =>
    new Promise<Buffer>((resolve, reject) => {
      const doc = new PDFDocument({ font: '', info: { CreationDate: created } });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      doc.registerFont('body', font).font('body').fontSize(10).text(text, { width: 200 });
      doc.end();
    });
  const first = 'Invoice TP/2627/000042 for Iyer & Associates: ₹1,179.00 (IGST 18 % ₹179.82), service from 1 Dec 2026.';
  const second = 'Invoice TP/2627/000043 for Zubin Qureshi & Wadia: ₹999.00, service from 1 Dec 2026 to 31 Dec 2026.';

  it('when it draws documents again and again, then each is byte for byte what the font alone draws', async () => {
    const remembering = rememberingFont(dejaVu());
    const alone = dejaVu(); // a font of its own: the remembering one keeps its state on its glyphs
    const [expectedFirst, expectedSecond] = [await draw(alone, first), await draw(alone, second)];
    for (let round = 0; round < 3; round++) {
      expect((await draw(remembering, first)).equals(expectedFirst)).toBe(true);
      expect((await draw(remembering, second)).equals(expectedSecond)).toBe(true);
    }
  });
});
