import { runService } from '@portal/platform';
import { compose } from './compose';
import { configSchema } from './config';

void runService('partners', configSchema, async (config, runtime) => (await compose(config, runtime)).app);
