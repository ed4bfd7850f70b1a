'use strict';
const path = require('node:path');
const { frontendConfig, loadTypeScript, OUT } = require('../webpack.common');

const { PORTAL_PAGES } = loadTypeScript(path.join(__dirname, 'src/exposed-pages.ts'));

module.exports = (mode) =>
  frontendConfig({
    name: 'portal',
    dir: __dirname,
    mode,
    publicPath: '/remotes/portal/',
    outputDir: path.join(OUT, 'remotes', 'portal'),
    exposes: Object.fromEntries(PORTAL_PAGES.map((page) => [`./${page}`, `./src/pages/${page}.tsx`])),
  });
