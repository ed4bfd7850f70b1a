import { z } from 'zod';
import { serviceConfigShape } from '@portal/platform';

export const configSchema = z.object({
  ...serviceConfigShape({ port: 4002, database: 'portal_billing' }),
});
export type Config = z.infer<typeof configSchema>;
