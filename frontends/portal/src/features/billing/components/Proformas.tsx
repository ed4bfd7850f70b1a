import { useState } from 'react';
import {
  billingPeriodWords,
  formatIndianDate,
  formatRupees,
  planTitle,
  proformaFileName,
  type ProformaState,
  type ProformaView,
  type TdsState,
} from '@portal/contracts';
import { Banner, Button, errorMessage } from '@portal/ui';
import { useFileDownload } from '@portal/ui/save-file';
import { ScrollArea } from '@portal/ui/scroll-area';
import { TEXTS } from '../../../texts';
import { type FirmScope } from '../../../lib/firm-scope';
import { proformaUrl, useProformas, useUploadForm16a } from '../api';

const STATE_LABELS: Record<ProformaState, string> = {
  open: 'Waiting for your transfer',
  part_paid: 'Part received',
  paid: 'Paid',
  expired: 'Expired',
};

const TDS_LABELS: Record<TdsState, string> = {
  receivable: 'Form 16A to upload',
  uploaded: 'Form 16A uploaded, being checked',
  credited: 'TDS credited',
  rejected: 'Form 16A not accepted',
};

/** A paid pro-forma's TDS: where its certificate stands, and the upload of the Form 16A until it is credited. */
function TdsCertificate({
  proforma,
  firmId,
  onMessage,
}: {
  proforma: ProformaView;
  firmId: FirmScope;
  onMessage: (message: { kind: 'success' | 'error'; text: string }) => void;
}) {
  const upload = useUploadForm16a(firmId);
  const state = proforma.tds?.state;
  if (!state) return null;
  const send = async (file: File | undefined) => {
    if (!file) return;
    try {
      onMessage({ kind: 'success', text: await upload.mutateAsync({ reference: proforma.reference, file }) });
    } catch (failure) {
      onMessage({ kind: 'error', text: errorMessage(failure, 'The Form 16A could not be uploaded. Please try again.') });
    }
  };
  return (
    <span className="block">
      TDS {formatRupees(proforma.tds!.amount)}: {TDS_LABELS[state]}
      {state === 'rejected' && proforma.tds!.reason && ` (${proforma.tds!.reason})`}
      {state !== 'credited' && (
        <label className="block">
          Upload Form 16A for {proforma.number}{' '}
          <input
            type="file"
            accept="application/pdf,.pdf"
            disabled={upload.isPending}
            onChange={(event) => void send(event.target.files?.[0])}
          />
        </label>
      )}
    </span>
  );
}

/**
 * The pro-formas asked for to pay by bank transfer: what to transfer, the reference
 * to quote, until when, and where each stands; the credit a transfer that paid over left with us.
 * Shown once there is one.
 */
export function Proformas({ firmId = null }: { firmId?: FirmScope }) {
  const { data } = useProformas(firmId);
  const { download, failed } = useFileDownload();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const proformas = data?.proformas ?? [];
  const credit = data?.credit ?? 0;
  if (proformas.length === 0 && credit === 0) return null;
  return (
    <section className="card stack-top" aria-labelledby="proformas">
      <h2 id="proformas">Pro-formas for bank transfer</h2>
      {failed && <Banner kind="error">{TEXTS.invoiceDownloadFailed}</Banner>}
      {message && (
        <Banner kind={message.kind} onDone={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      {credit > 0 && <p>Your credit with us from a transfer that paid more than was due: {formatRupees(credit)}.</p>}
      <ScrollArea label="Pro-formas">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Pro-forma</th>
              <th scope="col">Plan</th>
              <th scope="col">To transfer</th>
              <th scope="col">Quote</th>
              <th scope="col">Valid until</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {proformas.map((proforma) => (
              <tr key={proforma.number}>
                <td>
                  <Button
                    variant="link"
                    aria-label={`Download pro-forma ${proforma.number}`}
                    onClick={() => void download(proformaUrl(proforma.reference, firmId), proformaFileName(proforma.number))}
                  >
                    {proforma.number}
                  </Button>
                </td>
                <td>
                  {planTitle(proforma.plan)} ({billingPeriodWords(proforma.billingPeriod)})
                  {proforma.seats > 1 && `, ${proforma.seats} seats`}
                </td>
                <td>
                  {formatRupees(proforma.amountDue)}
                  {proforma.tds && <span className="muted"> (less TDS of {formatRupees(proforma.tds.amount)})</span>}
                </td>
                <td>{proforma.reference}</td>
                <td>{formatIndianDate(proforma.validUntil)}</td>
                <td>
                  {STATE_LABELS[proforma.state]}
                  {proforma.state === 'part_paid' && ` (${formatRupees(proforma.received)})`}
                  <TdsCertificate proforma={proforma} firmId={firmId} onMessage={setMessage} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}
