'use strict';
// Builds the shell and its remotes with webpack's Node API (no webpack-cli, which would ask to
// be installed interactively in a workspace). `node frontends/build.js --dev --watch` for development.
// A frontend whose inputs did not change since the build in its output folder is not built again;
// one that did is rebuilt from webpack's persistent cache, so only its changed modules compile.
const path = require('node:path');
const webpack = require('webpack');
const { OUT } = require('./webpack.common');
const { inputsHash, isUpToDate, writeStamp } = require('./build-stamp');

const APPS = ['shell', 'portal', 'admin', 'partner'];
const mode = process.argv.includes('--dev') ? 'development' : 'production';
const watch = process.argv.includes('--watch');

const builds = APPS.map((app) => {
  const config = require(path.join(__dirname, app, 'webpack.config.js'))(mode);
  return { app, config, hash: watch ? '' : inputsHash(app, mode) };
});
const stale = watch ? builds : builds.filter(({ config, hash }) => !isUpToDate(config.output.path, hash));
const where = path.relative(process.cwd(), OUT);

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
  if (!watch) for (const { config, hash } of stale) writeStamp(config.output.path, hash);
  console.log(`Frontends built into ${where}/ (${mode}: ${stale.map(({ app }) => app).join(', ')})`);
};

if (stale.length === 0) console.log(`Frontends in ${where}/ are up to date (${mode})`);
else {
  const compiler = webpack(stale.map(({ config }) => config));
  // `--watch` (npm run dev) rebuilds on every change; the gateway then tells open pages to reload.
  if (watch) compiler.watch({ aggregateTimeout: 200 }, report);
  else compiler.run((error, stats) => compiler.close(() => report(error, stats)));
}
