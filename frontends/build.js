'use strict';
// Builds the shell and its remotes with webpack's Node API (no webpack-cli, which would ask to
// be installed interactively in a workspace). `node frontends/build.js --dev` for development.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { OUT } = require('./webpack.common');

const mode = process.argv.includes('--dev') ? 'development' : 'production';
const configs = ['shell', 'portal', 'admin'].map((app) => require(path.join(__dirname, app, 'webpack.config.js'))(mode));

fs.rmSync(OUT, { recursive: true, force: true });
webpack(configs, (error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  const info = stats.toString({ colors: process.stdout.isTTY, preset: 'errors-warnings' });
  if (info.trim()) console.log(info);
  if (stats.hasErrors()) process.exit(1);
  console.log(`Frontends built into ${path.relative(process.cwd(), OUT)}/ (${mode})`);
});
