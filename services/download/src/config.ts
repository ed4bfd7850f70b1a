import path from 'node:path';
import { z } from 'zod';
import { serviceConfigShape, serviceUrl } from '@portal/platform';

export const configSchema = z.object({
  ...serviceConfigShape({ port: 4003, database: 'portal_download' }),
  BILLING_URL: serviceUrl.default('http://127.0.0.1:4002'),
  RELEASES_DIR: z
    .string()
    .default('.data/releases')
    .transform((dir) => path.resolve(dir)),
  DOWNLOAD_LINK_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  MAX_INSTALLER_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(1024 * 1024 * 1024),
  /** How often every channel's minimum version is told to billing again (an event lost while Redis was away comes back). */
  CHANNEL_REPLAY_EVERY_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
});
export type Config = z.infer<typeof configSchema>;
