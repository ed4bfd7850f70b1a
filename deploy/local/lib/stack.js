'use strict';
const path = require('node:path');
const { ROOT } = require('./paths');
const { freePort, portAnswers, httpStatus } = require('./net');
const { startProcess, untilServing } = require('./processes');
const { supervise } = require('./supervisor');

/** The seven services with their default ports and the variable others find them by. */
const SERVICES = [
  { name: 'auth', port: 4001, urlVar: 'AUTH_URL' },
  { name: 'billing', port: 4002, urlVar: 'BILLING_URL' },
  { name: 'download', port: 4003, urlVar: 'DOWNLOAD_URL' },
  { name: 'feedback', port: 4004, urlVar: 'FEEDBACK_URL' },
  { name: 'admin-reporting', port: 4005, urlVar: 'ADMIN_REPORTING_URL' },
  { name: 'notifications', port: 4006, urlVar: 'NOTIFICATIONS_URL' },
  { name: 'partners', port: 4007, urlVar: 'PARTNERS_URL' },
];

const waitUntilReady = (proc, url) =>
  untilServing(proc, async () => (await httpStatus(url)) === 200, { what: `${proc.name} at ${url}`, timeoutMs: 60_000 });

/**
 * The service's documented port, or a free one when something else holds it (a second portal on
 * this machine, like the fresh-clone smoke run beside a developer's `npm start`): the gateway
 * finds every service by the URL it is given, so no port needs to be fixed.
 */
async function defaultOrFreePort(service) {
  if (!(await portAnswers(service.port))) return service.port;
  const port = await freePort();
  console.log(`Port ${service.port} is taken; ${service.name} listens on ${port} instead.`);
  return port;
}

/**
 * Starts the built services and the gateway as child processes. `env` carries the
 * infrastructure (MONGODB_URI, REDIS_URL, keys); `freePorts` lets tests run beside `npm start`;
 * `databasePrefix` keeps a test stack's databases apart from the real ones; `watch` restarts
 * each process when its compiled code changes. Once all are ready, a process that dies is
 * restarted with backoff (see supervisor.js); `log` receives those notices.
 */
async function startStack({
  env,
  freePorts = false,
  gatewayPort,
  databasePrefix = 'portal_',
  quiet = false,
  watch = false,
  log = (line) => console.error(line),
}) {
  // `npm run dev`: each process restarts when its compiled code changes.
  const node = (entry) => (watch ? ['--watch', entry] : [entry]);
  const ports = {};
  for (const service of SERVICES) ports[service.name] = freePorts ? await freePort() : await defaultOrFreePort(service);
  const port = gatewayPort ?? (freePorts ? await freePort() : 8080);
  const urls = Object.fromEntries(SERVICES.map((s) => [s.urlVar, `http://127.0.0.1:${ports[s.name]}`]));
  const shared = { ...env, ...urls };
  const processes = [];
  const stop = async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
  };
  const launch = (name, entry, processEnv) => {
    const start = () => startProcess(name, process.execPath, node(entry), { env: processEnv, quiet });
    const proc = start();
    processes.push(proc);
    return { proc, start };
  };
  try {
    const launched = SERVICES.map((service) =>
      launch(service.name, path.join(ROOT, 'services', service.name, 'dist', 'index.js'), {
        ...shared,
        PORT: String(ports[service.name]),
        MONGODB_DB: `${databasePrefix}${service.name.replace('-', '_')}`,
      }),
    );
    await Promise.all(launched.map(({ proc }, i) => waitUntilReady(proc, `http://127.0.0.1:${ports[SERVICES[i].name]}/ready`)));
    const gateway = launch('gateway', path.join(ROOT, 'gateway', 'dist', 'index.js'), { ...shared, PORT: String(port) });
    await waitUntilReady(gateway.proc, `http://127.0.0.1:${port}/health`);
    // Supervised only from here: a process that cannot start at all is an error to report, not to retry.
    const supervised = [...launched, gateway].map(({ proc, start }) => supervise(proc, start, { log }));
    processes.splice(0, processes.length, ...supervised);
    return { url: `http://127.0.0.1:${port}`, ports, processes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { startStack, SERVICES };
