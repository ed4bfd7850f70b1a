'use strict';
const { DefinePlugin } = require('webpack');
const { frontendConfig } = require('../webpack.common');

// Remote URLs come from configuration at build time; the defaults are the gateway's own paths.
const PORTAL_REMOTE_URL = process.env.PORTAL_REMOTE_URL ?? '/remotes/portal/remoteEntry.js';
const ADMIN_REMOTE_URL = process.env.ADMIN_REMOTE_URL ?? '/remotes/admin/remoteEntry.js';

module.exports = (mode) => {
  // Most visits start on a portal page: its remote entry downloads beside main.js rather than after it.
  const config = frontendConfig({
    name: 'shell',
    dir: __dirname,
    mode,
    publicPath: '/',
    remotes: {},
    html: true,
    preload: [PORTAL_REMOTE_URL],
  });
  // The remotes are registered at run time (src/app/remote-pages.ts), from these addresses.
  config.plugins.push(
    new DefinePlugin({
      'process.env.ADMIN_REMOTE_URL': JSON.stringify(ADMIN_REMOTE_URL),
      'process.env.PORTAL_REMOTE_URL': JSON.stringify(PORTAL_REMOTE_URL),
    }),
  );
  return config;
};
