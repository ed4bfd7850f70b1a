import { readFileSync } from 'node:fs';
import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import type { Download } from 'playwright-core';

/**
 * The text of a downloaded PDF, its line breaks as spaces. pdf-parse's pdf.js (1.10) misreads a
 * Node Buffer now and then on Node 24 ("bad XRef entry" on a valid file), never a plain copy of
 * the bytes.
 */
export async function pdfTextOf(download: Download): Promise<string> {
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  return (await pdfParse(bytes as Buffer)).text.replace(/\s+/g, ' ');
}
