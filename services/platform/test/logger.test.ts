import { PassThrough } from 'node:stream';
import { createLogger } from '../src/observability/logger';

/** The lines a pretty logger wrote, without the terminal's colours. */
function prettyLines(slowRequestMs = 1000) {
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk) => (written += chunk));
  const logger = createLogger('billing', 'info', { format: 'pretty', slowRequestMs, output });
  return {
    logger,
    lines: () =>
      written
        .replace(/\x1b\[[\d;]*m/g, '')
        .trim()
        .split('\n')
        .filter(Boolean),
  };
}

describe('logs a person can read at a terminal (issue #28 §5)', () => {
  it('when requests pass, then only the failed and the slow ones are shown, each as one short line', () => {
    const { logger, lines } = prettyLines(500);
    logger.info({ requestId: 'r1', method: 'GET', url: '/api/payment/plans', status: 200, ms: 3.2 }, 'request');
    logger.info({ requestId: 'r2', method: 'POST', url: '/api/auth/login', status: 401, ms: 40 }, 'request');
    logger.info({ requestId: 'r3', method: 'GET', url: '/api/admin/users', status: 200, ms: 812.5 }, 'request');
    logger.info({ requestId: 'r4', method: 'GET', url: '/api/download/latest-version', status: 200, ms: 1 }); // the gateway's, without a message
    expect(lines()).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/auth\/login → 401 in 40 ms$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/admin\/users → 200 in 812.5 ms$/),
    ]);
  });

  it('when an event is logged, then it is one line with its fields, and secrets stay redacted', () => {
    const { logger, lines } = prettyLines();
    logger.warn({ body: { password: 'hunter22' } }, 'SELLER_* settings are not set');
    const [line] = lines();
    expect(line).toMatch(/WARN: SELLER_\* settings are not set/);
    expect(line).toContain('[redacted]');
    expect(line).not.toContain('hunter22');
    expect(lines()).toHaveLength(1);
  });
});
