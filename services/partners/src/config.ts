import { z } from 'zod';
import { serviceConfigShape, serviceUrl } from '@portal/platform';

export const configSchema = z
  .object({
    ...serviceConfigShape({ port: 4007, database: 'portal_partners' }),
    BODY_LIMIT: z.string().default('16kb'),
    /** The portal's address, for a partner's sign-up link. */
    PUBLIC_URL: serviceUrl.default('http://localhost:8080'),
    AUTH_URL: serviceUrl.default('http://127.0.0.1:4001'),
    BILLING_URL: serviceUrl.default('http://127.0.0.1:4002'),
    /** The day of the month on which the month before's statements are issued (India time). */
    STATEMENT_DAY: z.coerce.number().int().min(1).max(28).default(3),
    /** How often a replica looks for statements that are due (each is issued once, whoever looks). */
    STATEMENT_CHECK_MS: z.coerce.number().int().min(1000).default(3_600_000),
    /** Who pays the commission, printed on the statement. */
    SELLER_NAME: z.string().default('Tax Practitioner Portal'),
    /** The browser tests' clock (platform testClock); refused outside NODE_ENV=test. */
    TEST_CLOCK_FILE: z.string().min(1).optional(),
  })
  .superRefine((config, context) => {
    if (config.TEST_CLOCK_FILE && config.NODE_ENV !== 'test') {
      context.addIssue({ code: 'custom', path: ['TEST_CLOCK_FILE'], message: 'only for tests: set NODE_ENV=test or remove it' });
    }
  });
export type Config = z.infer<typeof configSchema>;
