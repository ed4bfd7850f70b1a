import { useState } from 'react';
import { GST_REPORT_SECTIONS, istDateOf, type GstReportSection } from '@portal/contracts';
import { Banner, Button } from '@portal/ui';
import { downloadGstReport } from '../api';

export const GST_REPORT_FAILED = 'The GST report could not be downloaded';

const SECTION_LABELS: Record<GstReportSection, string> = {
  b2b: 'B2B invoices',
  b2cl: 'B2C large (B2CL)',
  b2cs: 'B2C small (B2CS)',
  cdnr: 'Credit notes, registered (CDNR)',
  cdnur: 'Credit notes, unregistered (CDNUR)',
  hsn: 'HSN/SAC summary, all (Table 12)',
  hsn_b2b: 'HSN/SAC summary, B2B (Table 12)',
  hsn_b2c: 'HSN/SAC summary, B2C (Table 12)',
  docs: 'Documents issued (Table 13)',
  summary: 'Tax amounts by section (to check, not to import)',
};

/** Downloads one GSTR-1 section of a month as the GST portal's offline tool reads it. */
export function GstReportForm() {
  const [month, setMonth] = useState(() => istDateOf(new Date()).slice(0, 7));
  const [section, setSection] = useState<GstReportSection>('b2b');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      await downloadGstReport(month, section);
    } catch {
      setFailed(true);
    }
    setBusy(false);
  }

  return (
    <form
      className="row filters"
      aria-label="GST report"
      onSubmit={(event) => {
        event.preventDefault();
        void download();
      }}
    >
      <label>
        GST report month <input className="input" type="month" value={month} onChange={(e) => setMonth(e.target.value)} required />
      </label>
      <label>
        Section{' '}
        <select className="input" value={section} onChange={(e) => setSection(e.target.value as GstReportSection)}>
          {GST_REPORT_SECTIONS.map((value) => (
            <option key={value} value={value}>
              {SECTION_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="secondary" disabled={busy || !month}>
        {busy ? 'Downloading…' : 'Download GSTR-1 CSV'}
      </Button>
      {failed && <Banner kind="error">{GST_REPORT_FAILED}</Banner>}
    </form>
  );
}
