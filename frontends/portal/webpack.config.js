'use strict';
const path = require('node:path');
const { frontendConfig, OUT } = require('../webpack.common');

const PAGES = [
  'Landing',
  'Login',
  'Signup',
  'ForgotPassword',
  'ResetPassword',
  'Dashboard',
  'Download',
  'Subscription',
  'About',
  'Profile',
];

module.exports = (mode) =>
  frontendConfig({
    name: 'portal',
    dir: __dirname,
    mode,
    publicPath: '/remotes/portal/',
    outputDir: path.join(OUT, 'remotes', 'portal'),
    // One chunk a page, so the landing page loads only what it shows.
    exposes: Object.fromEntries(PAGES.map((page) => [`./${page}`, `./src/pages/${page}.tsx`])),
  });
