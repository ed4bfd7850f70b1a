import { runService } from '@portal/platform';
import { compose } from './compose';
import { clockOf } from './shared/billing-kit';
import { configSchema } from './config';

// The HTTP service; it also runs the job workers unless BILLING_WORKERS=off (then run worker.ts apart).
void runService('billing', configSchema, async (config, runtime) => (await compose(config, runtime, { now: clockOf(config) })).app);
