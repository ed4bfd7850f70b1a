'use strict';
// The one place that says what the shell and its remotes share: each as a singleton, so hooks,
// the router and the auth context are one instance across the whole page. react-router-dom is
// shared inside @portal/ui (src/router.ts), so that only the parts the portal uses are sent.
const pkg = (name) => require(require.resolve(`${name}/package.json`, { paths: [__dirname] })).version;

function sharedSingletons() {
  const singleton = (name) => ({ singleton: true, requiredVersion: `^${pkg(name)}` });
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    '@portal/ui': { singleton: true, requiredVersion: false },
  };
}

module.exports = { sharedSingletons };
