'use strict';
const { frontendConfig } = require('../webpack.common');

// Remote URLs come from configuration at build time; the defaults are the gateway's own paths.
const PORTAL_REMOTE_URL = process.env.PORTAL_REMOTE_URL ?? '/remotes/portal/remoteEntry.js';
const ADMIN_REMOTE_URL = process.env.ADMIN_REMOTE_URL ?? '/remotes/admin/remoteEntry.js';
const PARTNER_REMOTE_URL = process.env.PARTNER_REMOTE_URL ?? '/remotes/partner/remoteEntry.js';

// Most visits start on a portal page: its remote entry downloads beside main.js rather than after it.
module.exports = (mode) =>
  frontendConfig({
    name: 'shell',
    dir: __dirname,
    mode,
    publicPath: '/',
    remotes: {},
    runtimePlugins: [require.resolve('./src/federation-runtime.ts')],
    html: true,
    preload: [PORTAL_REMOTE_URL],
    // The remotes are registered at run time (src/app/remote-pages.ts), from these addresses.
    define: {
      'process.env.ADMIN_REMOTE_URL': ADMIN_REMOTE_URL,
      'process.env.PORTAL_REMOTE_URL': PORTAL_REMOTE_URL,
      'process.env.PARTNER_REMOTE_URL': PARTNER_REMOTE_URL,
    },
  });
