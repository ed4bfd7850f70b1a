import { z } from 'zod';
import { serviceConfigShape } from '@portal/platform';

export const configSchema = z.object({
  ...serviceConfigShape({ port: 4003, database: 'portal_download' }),
});
export type Config = z.infer<typeof configSchema>;
