import { runService } from '@portal/platform';
import { composeBilling } from './compose';
import { configSchema } from './config';

// The HTTP service; it also runs the job workers unless BILLING_WORKERS=off (then run worker.ts apart).
void runService('billing', configSchema, (config, runtime) =>
  composeBilling(config, runtime, { workers: config.BILLING_WORKERS === 'on' }),
);
