import axios from 'axios';
import { REQUEST_TIMEOUT_MS } from '@portal/ui';
import { DOWNLOAD_TIMEOUT_MS, downloadFile } from '../src/data/save-file';

describe('downloading a file', () => {
  it('when an export is downloaded, then it may take ten minutes rather than a call’s 10 s, and is saved under its name', async () => {
    let timeout: number | undefined;
    const adapter = async (config: { timeout?: number }) => {
      timeout = config.timeout;
      return { data: new Blob(['Email\r\n']), status: 200, statusText: 'OK', headers: {}, config };
    };
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    axios.defaults.adapter = adapter as never;
    try {
      await downloadFile('/api/admin/export/users', 'users_2026-11-23.csv');
    } finally {
      click.mockRestore();
    }
    expect(timeout).toBe(DOWNLOAD_TIMEOUT_MS);
    expect(DOWNLOAD_TIMEOUT_MS).toBeGreaterThan(REQUEST_TIMEOUT_MS);
    expect(saved).toEqual(['users_2026-11-23.csv blob:export']);
  });
});
