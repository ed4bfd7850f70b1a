import { createFirmAndOpenItsPlan, saveBillingDetails, startE2eStack } from './e2e-stack';
import { pdfTextOf } from './pdf-text';

jest.setTimeout(240_000);

/**
 * A firm pays by bank transfer in Chromium, against every service: its owner
 * asks for a pro-forma for 3 seats, deducting TDS, and downloads it; the admin uploads the bank
 * statement that shows the transfer, 10 % of the taxable value less; the firm's plan starts, and
 * its tax invoice carries the full value with the TDS receivable; the owner uploads the Form 16A
 * and the admin marks the TDS credited.
 */
describe('a bank transfer against a pro-forma in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  beforeAll(async () => {
    // below the 3 seats' ₹48,813.56 of taxable value, so that the firm's TDS applies
    stack = await startE2eStack('e2ebank', { mail: true, env: { TDS_THRESHOLD_RUPEES: '30000' } });
  });
  afterAll(() => stack?.stop());

  it('when a firm’s owner downloads a pro-forma for 3 seats less TDS and the admin uploads the statement with that credit, then the firm’s plan starts, its tax invoice shows the full value with the TDS receivable, and its Form 16A gets the TDS credited', async () => {
    const owner = await stack.customerOnSubscription('Meera');
    const firmId = await createFirmAndOpenItsPlan(owner, stack.url, 'Iyer & Associates');

    // 3 seats of Business, billed annually: a pro-forma instead of PhonePe, with TDS deducted
    await owner.getByLabel('Seats').fill('3');
    await owner
      .getByRole('group', { name: 'Billing period' })
      .getByRole('button', { name: /^Annual/ })
      .click();
    await owner.getByRole('article', { name: 'Business plan' }).getByRole('button', { name: 'Buy for the firm' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Subscribe: Business (annual)' });
    const bank = dialog.getByRole('region', { name: 'Pay by bank transfer' });
    await bank.getByRole('checkbox', { name: 'We deduct TDS under section 194J' }).check();
    await bank.getByRole('button', { name: 'Get a pro-forma' }).click();
    // the firm's billing details come first, as before a payment
    await saveBillingDetails(owner.getByRole('form', { name: 'Billing details' }).first(), 'Iyer & Associates');
    const ready = owner.getByText(
      /^Pro-forma PF\/2627\/000001 is ready: transfer ₹52,718\.64 quoting PF2627000001 by \d{1,2} [A-Z][a-z]{2} \d{4}\./,
    );
    await ready.waitFor();

    const proformas = owner.getByRole('region', { name: 'Pro-formas for bank transfer' });
    const row = proformas.getByRole('row', { name: /PF\/2627\/000001/ });
    await row.getByText('Waiting for your transfer').waitFor();
    await row.getByText('(less TDS of ₹4,881.36)').waitFor();
    const [proformaFile] = await Promise.all([
      owner.waitForEvent('download'),
      row.getByRole('button', { name: 'Download pro-forma PF/2627/000001' }).click(),
    ]);
    expect(proformaFile.suggestedFilename()).toBe('proforma-PF-2627-000001.pdf');
    const proforma = await pdfTextOf(proformaFile);
    for (const expected of [
      'Pro-forma Invoice',
      'Not a tax invoice',
      'Quantity: 3 seats',
      'Total (tax included)₹57,600.00',
      'Total to transfer₹52,718.64',
    ]) {
      expect(proforma).toContain(expected);
    }
    expect(await stack.mailText('subject:"Pro-forma PF/2627/000001"')).toContain('Reference to quote: PF2627000001');

    // the admin uploads the bank's statement: the firm paid the total less 10 % of the taxable value
    const admin = await stack.adminPage();
    await admin.getByRole('tab', { name: 'Bank transfers' }).click();
    await admin
      .getByRole('row', { name: /PF\/2627\/000001/ })
      .getByText('₹52,718.64')
      .waitFor();
    const statement = [
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '01/12/26,NEFT CR-HDFC0000240-IYER AND ASSOCIATES-PF2627000001,HDFCN26335000777,01/12/26,,"52,718.64","52,718.64"',
    ].join('\r\n');
    await admin
      .getByLabel('Bank statement (CSV: Date, Narration, UTR, Credit)')
      .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
    await admin.getByText('1 credit read, 0 other lines skipped: HDFCN26335000777 paid.').waitFor();
    await admin.getByRole('row', { name: /PF\/2627\/000001/ }).waitFor({ state: 'detached' });

    // the firm's plan runs, and its invoice is for the whole ₹57,600 with the TDS receivable
    await owner.goto(`${stack.url}/subscription?firm=${firmId}`);
    await owner.getByText(/Iyer & Associates has the Business plan for 3 seats, 1 in use, until/).waitFor();
    await proformas
      .getByRole('row', { name: /PF\/2627\/000001/ })
      .getByText('Paid')
      .waitFor();
    const history = owner.getByRole('region', { name: 'Billing history' });
    await history.getByText('Business (annual), 3 seats').waitFor();
    const [invoiceFile] = await Promise.all([
      owner.waitForEvent('download'),
      history.getByRole('button', { name: /^Download invoice / }).click(),
    ]);
    const invoice = await pdfTextOf(invoiceFile);
    expect(invoice).toContain('Tax Invoice');
    expect(invoice).toContain('Total (tax included)₹57,600.00');
    expect(invoice).toContain('Paid by bank transfer against pro-forma PF/2627/000001.');
    expect(invoice).toContain('TDS of ₹4,881.36 (10% of the taxable value) deducted by the buyer under section 194J is receivable');

    // the owner uploads the firm's Form 16A; the admin checks it and marks the TDS credited
    const paid = proformas.getByRole('row', { name: /PF\/2627\/000001/ });
    await paid.getByText('TDS ₹4,881.36: Form 16A to upload').waitFor();
    await owner
      .getByLabel('Upload Form 16A for PF/2627/000001')
      .setInputFiles({ name: 'form-16a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await owner.getByText('Thank you: the Form 16A is uploaded. We will check it against Form 26AS.').waitFor();
    await paid.getByText('TDS ₹4,881.36: Form 16A uploaded, being checked').waitFor();

    await admin.goto(`${stack.url}/admin/dashboard?tab=bank-transfers`);
    const tds = admin.getByRole('row', { name: /Iyer & Associates/ });
    await tds.getByText('Form 16A to check').waitFor();
    admin.once('dialog', (dialog) => void dialog.accept('ABCDEF12'));
    await tds.getByRole('button', { name: 'Mark the TDS of PF2627000001 credited' }).click();
    await admin.getByText('The TDS of PF2627000001 is credited.').waitFor();
    await tds.getByText('Credited (ABCDEF12)').waitFor();
    expect(await stack.mailText('subject:"TDS credited"')).toContain('certificate ABCDEF12');
    await owner.reload();
    await proformas
      .getByRole('row', { name: /PF\/2627\/000001/ })
      .getByText('TDS ₹4,881.36: TDS credited')
      .waitFor();
  });
});
