import { z } from 'zod';
import { serviceConfigShape } from '@portal/platform';

export const configSchema = z.object({
  ...serviceConfigShape({ port: 4001, database: 'portal_auth' }),
});
export type Config = z.infer<typeof configSchema>;
