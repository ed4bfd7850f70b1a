'use strict';
const path = require('node:path');
const { frontendConfig, OUT } = require('../webpack.common');

module.exports = (mode) =>
  frontendConfig({
    name: 'partner',
    dir: __dirname,
    mode,
    publicPath: '/remotes/partner/',
    outputDir: path.join(OUT, 'remotes', 'partner'),
    exposes: { './App': './src/PartnerApp.tsx' },
  });
