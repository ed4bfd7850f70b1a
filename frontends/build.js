'use strict';
// Builds the shell and its remotes with webpack's Node API (no webpack-cli, which would ask to
// be installed interactively in a workspace). `node frontends/build.js --dev --watch` for development.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { OUT } = require('./webpack.common');

const mode = process.argv.includes('--dev') ? 'development' : 'production';
const watch = process.argv.includes('--watch');
const configs = ['shell', 'portal', 'admin'].map((app) => require(path.join(__dirname, app, 'webpack.config.js'))(mode));

fs.rmSync(OUT, { recursive: true, force: true });
const compiler = webpack(configs);
const report = (error, stats) => {
  if (error) {
    console.error(error);
    if (!watch) process.exit(1);
    return;
  }
  const info = stats.toString({ colors: process.stdout.isTTY, preset: 'errors-warnings' });
  if (info.trim()) console.log(info);
  if (stats.hasErrors()) {
    if (!watch) process.exit(1);
    return;
  }
  console.log(`Frontends built into ${path.relative(process.cwd(), OUT)}/ (${mode})`);
};
// `--watch` (npm run dev) rebuilds on every change; the gateway then tells open pages to reload.
if (watch) compiler.watch({ aggregateTimeout: 200 }, report);
else compiler.run((error, stats) => compiler.close(() => report(error, stats)));
