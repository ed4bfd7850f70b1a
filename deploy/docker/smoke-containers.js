'use strict';
// `npm run smoke:containers`: the portal built into its image and run as a compose stack, each step
// of deploy/docker/smoke/journey.js reported as it ends, closing with one
// `Containers: N passed, N failed` line; the figures are in reports/containers.json.
if (require('../local/lib/node-runtime').relaunchOnSupportedNode()) return;
const path = require('node:path');
const { runSteps } = require('../local/lib/step-run');

runSteps(path.join(__dirname, 'smoke', 'journey.js'), 'Containers', 45 * 60_000);
