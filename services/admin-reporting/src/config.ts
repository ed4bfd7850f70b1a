import { z } from 'zod';
import { serviceConfigShape } from '@portal/platform';

export const configSchema = z.object({
  ...serviceConfigShape({ port: 4005, database: 'portal_admin_reporting' }),
});
export type Config = z.infer<typeof configSchema>;
