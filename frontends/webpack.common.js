'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons } = require('./federation');

const OUT = path.resolve(__dirname, 'dist');

/** A small TypeScript module of constants, read by a build config (a remote's list of exposed pages is written once, in TypeScript). */
function loadTypeScript(file) {
  const ts = require('typescript');
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS } });
  const loaded = { exports: {} };
  new Function('module', 'exports', 'require', outputText)(loaded, loaded.exports, require);
  return loaded.exports;
}

/** Beside runtime-core (`externalRuntime`), the packages a remote's federation runtime reads from the shell's page. */
const FEDERATION_RUNTIME_FROM_SHELL = {
  '@module-federation/sdk': 'global _FEDERATION_SDK',
  '@module-federation/error-codes': 'global _FEDERATION_ERROR_CODES',
};

/**
 * One webpack config for the shell or a remote. Everything builds into frontends/dist: the shell
 * at the root, each remote under remotes/<name>/, which the gateway serves as static files.
 */
function frontendConfig({ name, dir, publicPath, outputDir, exposes, remotes, runtimePlugins, html, preload = [], define = {}, mode }) {
  return {
    name,
    mode,
    context: dir,
    // The browsers the portal supports (swc's target too): webpack's own runtime code is written for them.
    target: ['web', 'es2020'],
    entry: path.join(dir, 'src', 'index.ts'),
    devtool: mode === 'production' ? false : 'eval-cheap-module-source-map',
    output: {
      path: outputDir ?? OUT,
      publicPath,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:6].js',
      // Each build clears its own output; the shell's folder holds the remotes' folders, which it keeps.
      clean: outputDir ? true : { keep: /^remotes[\\/]/ },
      uniqueName: name,
    },
    // Unchanged modules, minified scripts and compressed copies come from the last build. Webpack
    // does not hash its options, so what the config read from elsewhere (the exposed pages, the
    // defined addresses) versions the cache, and the config files are build dependencies.
    cache: {
      type: 'filesystem',
      name: `${name}-${mode}`,
      version: hashOf({ exposes, remotes, preload, define }),
      buildDependencies: { config: [__filename, require.resolve('./federation'), path.join(dir, 'webpack.config.js')] },
    },
    // Contracts from source, so only the rules and texts a page uses end up in its bundle.
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@portal/contracts': path.resolve(__dirname, '../services/contracts/src/index.ts'),
        ...(mode === 'production' && reactRouterProductionBuild()),
      },
    },
    externals: exposes ? FEDERATION_RUNTIME_FROM_SHELL : {},
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' },
            },
          },
        },
        // Stylesheets as .css files in production (parsed beside the scripts, not run as them).
        { test: /\.css$/, use: [mode === 'production' ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        { test: /\.(svg|png)$/, type: 'asset/resource', generator: { filename: 'assets/[name].[contenthash:6][ext]' } },
      ],
    },
    plugins: [
      new DefinePlugin(Object.fromEntries(Object.entries(define).map(([key, value]) => [key, JSON.stringify(value)]))),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        remotes,
        runtimePlugins,
        shared: sharedSingletons(),
        dts: false,
        // Leave out the runtime code this portal never runs: Node's loaders, manifest snapshots
        // (remotes are registered by their remoteEntry address) and, in a remote that consumes
        // no other remote, the remote loading itself.
        experiments: {
          optimization: { target: 'web', disableSnapshot: true, disableRemote: Boolean(exposes) },
          // A remote takes the federation runtime from the shell's page (shell/src/federation-runtime.ts).
          externalRuntime: Boolean(exposes),
        },
      }),
      ...(mode === 'production'
        ? [
            new MiniCssExtractPlugin({ filename: '[name].[contenthash:6].css', chunkFilename: '[name].[contenthash:6].css' }),
            ...precompressed(),
          ]
        : []),
      ...(html
        ? [
            new HtmlWebpackPlugin({
              hash: true,
              template: path.join(dir, 'public', 'index.html'),
              templateParameters: (compilation) => ({ preload, startup: startupFiles(compilation, publicPath) }),
              favicon: path.join(dir, 'public', 'favicon.svg'),
            }),
          ]
        : []),
    ],
    optimization: {
      // The licences go, as webpack's default has them, to a .LICENSE.txt beside each script, but
      // without the line pointing there: six such lines were half a kilobyte of the landing page's
      // 120 (docs/decisions/0059).
      minimizer: [new MinimizerPlugin({ terserOptions: { ecma: 2020, compress: { passes: 3 } }, extractComments: { banner: false } })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * The files the shell's entry loads as soon as it runs: its async boundary (`import('./bootstrap')`)
 * and the shared modules it provides (react, react-dom, @portal/ui), which the boundary consumes
 * at once. Named in the page, they download beside the entry instead of after it has run: one
 * round trip less before the first paint (docs/operations.md, "Speed"). The scripts are asked at
 * the low priority webpack's own script tags would have had (index.html): a preload is High by
 * default, which a page's first paint waits on and Lighthouse's simulation counts as blocking it.
 * The early calls' chunk is left out, as the landing page never loads it.
 */
function startupFiles(compilation, publicPath) {
  const atStartup = (group) => group.origins.some((origin) => origin.request === './bootstrap' || origin.module?.type === 'provide-module');
  return compilation.entrypoints
    .get('main')
    .getChildren()
    .filter(atStartup)
    .flatMap((group) => group.chunks.flatMap((chunk) => [...chunk.files]))
    .map((file) => `${publicPath}${file}`);
}

const hashOf = (value) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/**
 * react-router 7's package exports name only its development build, with its warnings and
 * checks, in production too (remix-run/react-router#12532, #14102); it ships the production
 * build beside it, which is what a production bundle should hold.
 */
function reactRouterProductionBuild() {
  const development = path.dirname(require.resolve('react-router', { paths: [__dirname] }));
  const production = path.join(development, '..', 'production');
  return { 'react-router$': path.join(production, 'index.mjs'), 'react-router/dom$': path.join(production, 'dom-export.mjs') };
}

/** Brotli and gzip copies beside each script, served by the gateway without compressing per request. */
function precompressed() {
  const common = { test: /\.(js|css|svg|json)$/, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  ];
}

module.exports = {
  loadTypeScript,
  frontendConfig,
  OUT,
};
