'use strict';
const path = require('node:path');
const { frontendConfig, OUT } = require('../webpack.common');

module.exports = (mode) =>
  frontendConfig({
    name: 'admin',
    dir: __dirname,
    mode,
    publicPath: '/remotes/admin/',
    outputDir: path.join(OUT, 'remotes', 'admin'),
    exposes: { './App': './src/AdminApp.tsx' },
  });
