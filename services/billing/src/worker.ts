import { runService } from '@portal/platform';
import { composeBilling } from './compose';
import { configSchema } from './config';

// The job workers as their own process (scaled apart from the HTTP service). It still answers
// /health and /ready for its probes, but the gateway never routes to it.
void runService('billing-worker', configSchema, (config, runtime) => composeBilling(config, runtime, { workers: true }));
