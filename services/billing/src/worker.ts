import { runService } from '@portal/platform';
import { compose } from './compose';
import { clockOf } from './shared/billing-kit';
import { configSchema } from './config';

// The job workers as their own process (scaled apart from the HTTP service). It still answers
// /health and /ready for its probes, but the gateway never routes to it.
void runService(
  'billing-worker',
  configSchema,
  async (config, runtime) => (await compose(config, runtime, { workers: true, now: clockOf(config) })).app,
);
