'use strict';
// The gateway against a plain Node proxy in front of the same service, on the same route in the
// same rounds, with request ids, access logs, the Redis rate limit and the token check all on.
// The proxy library it is built on (http-proxy-middleware) is measured alone in the same rounds:
// the goals are on the gateway's own work, its CPU per request against the library's alone
// (<= 1.10) and its throughput against the library's alone (>= 0.85); what the library itself
// costs above the plain proxy, in CPU and in throughput, is reported, as it is the design's choice
// rather than the gateway's work.
const path = require('node:path');
const { freePort } = require('../deploy/local/lib/net');
const { ROOT } = require('../deploy/local/lib/paths');
const { startPinned, cpuSeconds, load, fmt } = require('./lib');

const ROUNDS = 5;
const GOALS = { throughput: 0.85, ownCpu: 1.1 };

async function gatewayOverhead({ redisUrl, redisPrefix, keys, signUserToken }) {
  const servicePort = await freePort();
  const gatewayPort = await freePort();
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const service = await startPinned(
    0,
    path.join(__dirname, 'fixtures', 'noop-service.js'),
    { PORT: String(servicePort) },
    `${serviceUrl}/health`,
  );
  const gateway = await startPinned(
    0,
    path.join(ROOT, 'gateway', 'dist', 'index.js'),
    {
      PORT: String(gatewayPort),
      AUTH_URL: serviceUrl,
      BILLING_URL: serviceUrl,
      DOWNLOAD_URL: serviceUrl,
      FEEDBACK_URL: serviceUrl,
      ADMIN_REPORTING_URL: serviceUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_PUBLIC_KEY: keys.publicKey,
      RATE_LIMIT_POINTS: '100000000',
      ACCESS_LOG: 'on',
    },
    `http://127.0.0.1:${gatewayPort}/health`,
  );
  const plainPort = await freePort();
  const plain = await startPinned(
    0,
    path.join(__dirname, 'fixtures', 'plain-proxy.js'),
    { PORT: String(plainPort), UPSTREAM_URL: serviceUrl },
    `http://127.0.0.1:${plainPort}/health`,
  );
  const libraryPort = await freePort();
  const library = await startPinned(
    0,
    path.join(__dirname, 'fixtures', 'library-proxy.js'),
    { PORT: String(libraryPort), UPSTREAM_URL: serviceUrl },
    `http://127.0.0.1:${libraryPort}/health`,
  );
  const route = '/api/subscription-status';
  const headers = { authorization: `Bearer ${signUserToken()}` };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const perCall = (cpuUsed, run) => cpuUsed / run.requests.total;
  try {
    await load(`${serviceUrl}${route}`, { headers, duration: 2 });
    await load(`http://127.0.0.1:${gatewayPort}${route}`, { headers, duration: 2 });
    await load(`http://127.0.0.1:${plainPort}${route}`, { headers, duration: 2 });
    await load(`http://127.0.0.1:${libraryPort}${route}`, { headers, duration: 2 });
    // Alternating rounds, medians reported: two processes sharing a core make single runs noisy.
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const direct = await load(`${serviceUrl}${route}`, { headers, duration: 5 });
      const cpuBefore = cpuSeconds(gateway.pid);
      const proxied = await load(`http://127.0.0.1:${gatewayPort}${route}`, { headers, duration: 5 });
      const cpuUsed = cpuSeconds(gateway.pid) - cpuBefore;
      if (proxied.non2xx > 0 || proxied.errors > 0)
        throw new Error(`gateway answered ${proxied.non2xx} non-2xx and ${proxied.errors} errors`);
      const plainCpuBefore = cpuSeconds(plain.pid);
      const reference = await load(`http://127.0.0.1:${plainPort}${route}`, { headers, duration: 5 });
      const plainCpuUsed = cpuSeconds(plain.pid) - plainCpuBefore;
      const libraryCpuBefore = cpuSeconds(library.pid);
      const alone = await load(`http://127.0.0.1:${libraryPort}${route}`, { headers, duration: 5 });
      const libraryCpuUsed = cpuSeconds(library.pid) - libraryCpuBefore;
      rounds.push({
        throughput: proxied.requests.average / alone.requests.average,
        throughputOfPlain: proxied.requests.average / reference.requests.average,
        cpu: perCall(cpuUsed, proxied) / perCall(plainCpuUsed, reference),
        libraryCpu: perCall(libraryCpuUsed, alone) / perCall(plainCpuUsed, reference),
        ownCpu: perCall(cpuUsed, proxied) / perCall(libraryCpuUsed, alone),
        cpuMicros: perCall(cpuUsed, proxied) * 1e6,
        plainCpuMicros: perCall(plainCpuUsed, reference) * 1e6,
        addedP99: proxied.latency.p99 - direct.latency.p99,
        direct: direct.requests.average,
        proxied: proxied.requests.average,
        plain: reference.requests.average,
        library: alone.requests.average,
      });
    }
    const of = (key, digits = 2) => fmt(median(rounds.map((round) => round[key])), digits);
    const throughput = median(rounds.map((r) => r.throughput));
    const ownCpu = median(rounds.map((r) => r.ownCpu));
    return [
      ['gateway throughput / http-proxy-middleware alone', fmt(throughput), `>= ${GOALS.throughput}`, throughput >= GOALS.throughput],
      ['gateway throughput / plain Node proxy throughput', of('throughputOfPlain'), 'reported', true],
      ['gateway CPU per request / http-proxy-middleware alone', fmt(ownCpu), `<= ${GOALS.ownCpu}`, ownCpu <= GOALS.ownCpu],
      ['gateway CPU per request / plain Node proxy CPU per request', of('cpu'), 'reported', true],
      [`gateway CPU per proxied request (µs; plain proxy ${of('plainCpuMicros', 0)})`, of('cpuMicros', 0), 'reported', true],
      ['http-proxy-middleware alone, CPU per request / plain Node proxy', of('libraryCpu'), 'reported', true],
      ['added p99 latency over the service alone (ms)', of('addedP99', 1), 'reported', true],
      [
        `(medians of ${ROUNDS} rounds; req/s: direct ${of('direct', 0)}, plain proxy ${of('plain', 0)}, library ${of('library', 0)}, gateway ${of('proxied', 0)})`,
        '',
        '',
        true,
      ],
    ];
  } finally {
    await gateway.stop();
    await plain.stop();
    await library.stop();
    await service.stop();
  }
}

module.exports = { gatewayOverhead };
