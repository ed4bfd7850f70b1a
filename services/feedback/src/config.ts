import { z } from 'zod';
import { serviceConfigShape } from '@portal/platform';

export const configSchema = z.object({
  ...serviceConfigShape({ port: 4004, database: 'portal_feedback' }),
  FEEDBACK_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(20),
});
export type Config = z.infer<typeof configSchema>;
