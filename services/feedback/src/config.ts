import { z } from 'zod';
import { serviceConfigShape } from '@portal/platform';

export const configSchema = z.object({
  ...serviceConfigShape({ port: 4004, database: 'portal_feedback' }),
});
export type Config = z.infer<typeof configSchema>;
