import { Types, type Connection } from 'mongoose';
import { asPaise } from '@portal/contracts';
import { connectMongo } from '@portal/platform';
import { createTestDatabase, recordCommands, type CommandRecorder, type TestDatabase } from '@portal/platform/testing';
import { invoiceRepository } from '../src/tax-documents/data/invoice.repository';
import type { InvoiceDraft } from '../src/tax-documents/domain/ports';

const SERIES = 'TP/2627';
const numberOf = (sequence: number) => `${SERIES}/${String(sequence).padStart(6, '0')}`;
const issuedAt = new Date('2026-11-30T06:30:00Z');

function draft(merchantOrderId: string): InvoiceDraft {
  return {
    issuedAt,
    merchantOrderId,
    phonePeTransactionId: null,
    accountId: new Types.ObjectId().toHexString(),
    seller: {
      legalName: 'Tax Practitioner Software Pvt Ltd',
      address: 'Pune',
      gstin: '27ABCDE1234F1Z5',
      stateCode: '27',
      stateName: 'Maharashtra',
      demo: true,
    },
    buyer: { name: 'A buyer', email: 'buyer@example.in', address: null, stateCode: '27', stateName: 'Maharashtra', gstin: null },
    placeOfSupply: { code: '27', name: 'Maharashtra' },
    sac: '997331',
    ratePercent: 18,
    plan: 'basic',
    billingPeriod: 'monthly',
    totalPaise: asPaise(49_900),
    taxablePaise: asPaise(42_288),
    cgstPaise: asPaise(3_806),
    sgstPaise: asPaise(3_806),
    igstPaise: asPaise(0),
    periodFrom: issuedAt,
    periodTo: new Date('2026-12-30T06:30:00Z'),
  };
}

/**
 * How the next invoice number is found: a guess from the series' newest document, which the
 * unique index checks, then the highest number when the guess was taken. Every number must still
 * be the series' highest plus one, whichever order the documents' ids are in.
 */
describe('invoice numbers: the next is the series’ highest plus one, found from its newest document', () => {
  let database: TestDatabase;
  // billing's own connection has the driver's command events on, which the recorder listens to
  let monitored: Connection;
  let invoices: ReturnType<typeof invoiceRepository>;
  let commands: CommandRecorder;

  beforeAll(async () => {
    database = await createTestDatabase('invoice-numbers');
    monitored = await connectMongo({ uri: database.uri, dbName: database.dbName, monitorCommands: true });
    invoices = invoiceRepository(monitored);
    await invoices.ready;
  });
  afterAll(async () => {
    await monitored.close();
    await database.drop();
  });
  afterEach(() => commands?.stop());

  it('when the newest invoice by id holds a lower number than another (ids made by two processes in one second), then the next still takes the highest plus one', async () => {
    const second = Math.floor(Date.parse('2026-11-30T06:00:00Z') / 1000);
    const idAt = (seconds: number) => Types.ObjectId.createFromTime(seconds);
    await database.connection.collection('invoices').insertMany([
      { ...draft('TPP-NUMBERS-1'), _id: idAt(second + 1), series: SERIES, sequence: 1, number: numberOf(1) },
      { ...draft('TPP-NUMBERS-2'), _id: idAt(second), series: SERIES, sequence: 2, number: numberOf(2) },
    ]);
    const issued = await invoices.issue(draft('TPP-NUMBERS-3'), SERIES, numberOf);
    expect(issued).toMatchObject({ merchantOrderId: 'TPP-NUMBERS-3', sequence: 3, number: 'TP/2627/000003' });
  });

  it('when the next invoice is issued, then its number is guessed from the newest document, not read from the whole series sorted', async () => {
    commands = recordCommands(database.dbName);
    const seen = await commands.during(() => invoices.issue(draft('TPP-NUMBERS-4'), SERIES, numberOf));
    const sortedReads = seen.filter((command) => command.name === 'find' && command.sortFields.length);
    expect(sortedReads.map(({ filterFields, sortFields }) => ({ filterFields, sortFields }))).toEqual([
      { filterFields: [], sortFields: ['_id'] },
    ]);
    expect((await invoices.findForOrder('TPP-NUMBERS-4'))?.number).toBe('TP/2627/000004');
  });

  it('when the newest invoice is of the year before, then the new year’s series starts at 000001', async () => {
    const issued = await invoices.issue(
      draft('TPP-NUMBERS-NEXT-YEAR'),
      'TP/2728',
      (sequence) => `TP/2728/${String(sequence).padStart(6, '0')}`,
    );
    expect(issued).toMatchObject({ series: 'TP/2728', sequence: 1, number: 'TP/2728/000001' });
    const back = await invoices.issue(draft('TPP-NUMBERS-5'), SERIES, numberOf);
    expect(back.number).toBe('TP/2627/000005');
  });
  it('when an invoice is issued, then it costs two commands (the guess and the insert) and answers the document as a later read gives it', async () => {
    commands = recordCommands(database.dbName);
    const seen = await commands.during(() => invoices.issue(draft('TPP-NUMBERS-TWO'), SERIES, numberOf));
    expect(seen.map((command) => command.name)).toEqual(['find', 'insert']);
    const issued = await invoices.findForOrder('TPP-NUMBERS-TWO');
    expect(await invoices.issue(draft('TPP-NUMBERS-TWO'), SERIES, numberOf)).toEqual(issued);
  });

  it('when the order’s invoice was issued already (a retried credit), then issuing again answers that one and takes no number', async () => {
    const first = await invoices.issue(draft('TPP-NUMBERS-AGAIN'), SERIES, numberOf);
    const again = await invoices.issue({ ...draft('TPP-NUMBERS-AGAIN'), totalPaise: asPaise(1) }, SERIES, numberOf);
    expect(again).toEqual(first);
    expect(await database.connection.collection('invoices').countDocuments({ merchantOrderId: 'TPP-NUMBERS-AGAIN' })).toBe(1);
    const next = await invoices.issue(draft('TPP-NUMBERS-AFTER'), SERIES, numberOf);
    expect(next.sequence).toBe(first.sequence + 1);
  });
});
