import { BANK_TRANSFER_MESSAGES, formatPaise, TDS_MESSAGES, type CreditTds, type TdsState } from '@portal/contracts';
import { badRequest, conflict, notFound } from '@portal/platform/errors';
import type { AuditPublisher } from '@portal/platform';
import { composeMail, type MailContent } from '@portal/platform/mail-layout';
import type { Logger } from 'pino';
import { clockFrom } from '@portal/platform/clock';
import type { MailSender } from '../../shared/ports';
import type { bankTransferOrders } from '../../payments';
import type { TdsRecord, TdsStore } from './ports';
import { quarterOf, tdsView } from './tds-register';

export interface TdsDeps {
  tds: TdsStore;
  transfers: Pick<ReturnType<typeof bankTransferOrders>, 'findByReference'>;
  mail: MailSender;
  publicUrl: string;
  audit: AuditPublisher;
  logger: Logger;
  now?: () => Date;
}

/** A Form 16A is a PDF of a page or two: 2 MB leaves room for a scan. */
export const FORM_16A_MAX_BYTES = 2 * 1024 * 1024;
const isPdf = (file: Buffer) => file.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * The TDS buyers deducted: the buyer uploads the Form 16A, a finance admin marks the
 * TDS credited after checking the certificate and the quarter, or rejects it with the reason, and
 * the buyer is told either way; the register lists what is receivable, by quarter and customer.
 */
export function tdsUseCases(deps: TdsDeps) {
  const { tds, audit } = deps;
  const now = clockFrom(deps);

  return {
    async upload(owner: string, reference: string, file: Buffer) {
      const record = await ownTds(deps, owner, reference);
      if (record.state === 'credited') throw conflict(TDS_MESSAGES.alreadyCredited);
      if (!isPdf(file)) throw badRequest(TDS_MESSAGES.notPdf);
      await tds.update(reference, { state: 'uploaded', certificate: { pdf: file, uploadedAt: now() }, reason: null });
      return { message: TDS_MESSAGES.uploaded };
    },

    list: async (state: TdsState | undefined) => (await tds.list(state, 500)).map((record) => tdsView(record, now())),

    async view(reference: string) {
      const record = await tds.find(reference);
      if (!record) throw notFound(BANK_TRANSFER_MESSAGES.notFound);
      const { certificate, ...rest } = record;
      return tdsView({ ...rest, uploadedAt: certificate?.uploadedAt ?? null }, now());
    },

    async certificate(reference: string): Promise<Buffer> {
      const record = await tds.find(reference);
      if (!record?.certificate) throw notFound(TDS_MESSAGES.notUploaded);
      return record.certificate.pdf;
    },

    async credit(reference: string, { certificateNumber, quarter }: CreditTds, by: string) {
      const record = await decided(deps, reference);
      if (record.state !== 'uploaded') throw conflict(TDS_MESSAGES.notUploaded);
      await tds.update(reference, { state: 'credited', certificateNumber, reason: null, decidedBy: by });
      await audit({
        actor: by,
        action: 'tds.credited',
        target: { type: 'proforma', id: reference },
        after: { certificateNumber, quarter },
      });
      tell(deps, record, `tds-credited:${reference}`, {
        subject: `TDS credited: ${record.invoiceNumber ?? reference}`,
        paragraphs: [
          `We have checked your Form 16A, certificate ${certificateNumber} for ${quarter}, and the TDS of ${formatPaise(record.amountPaise)} is credited. Thank you.`,
        ],
        action: { label: 'See your billing', url: `${deps.publicUrl}/subscription` },
      });
    },

    async reject(reference: string, reason: string, by: string) {
      const record = await decided(deps, reference);
      await tds.update(reference, { state: 'rejected', reason, decidedBy: by });
      await audit({ actor: by, action: 'tds.rejected', target: { type: 'proforma', id: reference }, after: { reason } });
      tell(deps, record, `tds-rejected:${reference}:${record.certificate?.uploadedAt.getTime() ?? 0}`, {
        subject: `Form 16A not accepted: ${record.invoiceNumber ?? reference}`,
        paragraphs: [
          `The Form 16A you uploaded for the TDS of ${formatPaise(record.amountPaise)} (${quarterOf(record.deductedAt).label}) could not be accepted: ${reason}`,
          'Please upload a corrected certificate on the portal.',
        ],
        action: { label: 'Upload it again', url: `${deps.publicUrl}/subscription` },
      });
    },
  };
}

/** The TDS of the buyer's own paid pro-forma, or why there is none to certify. */
async function ownTds(deps: TdsDeps, owner: string, reference: string): Promise<TdsRecord> {
  const record = await deps.tds.find(reference);
  if (record && record.accountId === owner) return record;
  const order = await deps.transfers.findByReference(reference);
  if (!order || order.accountId !== owner) throw notFound(BANK_TRANSFER_MESSAGES.notFound);
  throw order.bankTransfer?.tds ? conflict(TDS_MESSAGES.notPaid) : badRequest(TDS_MESSAGES.noTds);
}

async function decided(deps: TdsDeps, reference: string): Promise<TdsRecord> {
  const record = await deps.tds.find(reference);
  if (!record) throw notFound(BANK_TRANSFER_MESSAGES.notFound);
  if (record.state === 'credited') throw conflict(TDS_MESSAGES.alreadyCredited);
  return record;
}

function tell(deps: TdsDeps, record: TdsRecord, key: string, content: MailContent) {
  void deps.mail
    .send({ key, kind: 'tds-decision', to: record.customerEmail, ...composeMail(content, deps) })
    .catch((error: unknown) => deps.logger.error({ err: error, reference: record.reference }, 'TDS notice could not be sent'));
}
