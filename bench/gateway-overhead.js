'use strict';
// The gateway against the service it fronts, on the same route in the same run: throughput
// ratio, added p99 latency and the gateway's CPU time per proxied request, with request ids,
// access logs, the Redis rate limit and the token check all on. A plain Node proxy is measured in
// the same rounds as a reference: the part of the gap that Node's own http stack accounts for.
const path = require('node:path');
const { freePort } = require('../deploy/local/lib/net');
const { ROOT } = require('../deploy/local/lib/paths');
const { startPinned, cpuSeconds, load, fmt } = require('./lib');

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
  const route = '/api/subscription-status';
  const headers = { authorization: `Bearer ${signUserToken()}` };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  try {
    await load(`${serviceUrl}${route}`, { headers, duration: 2 });
    await load(`http://127.0.0.1:${gatewayPort}${route}`, { headers, duration: 2 });
    await load(`http://127.0.0.1:${plainPort}${route}`, { headers, duration: 2 });
    // Alternating rounds, medians reported: two processes sharing a core make single runs noisy.
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      const direct = await load(`${serviceUrl}${route}`, { headers, duration: 5 });
      const cpuBefore = cpuSeconds(gateway.pid);
      const proxied = await load(`http://127.0.0.1:${gatewayPort}${route}`, { headers, duration: 5 });
      const cpuUsed = cpuSeconds(gateway.pid) - cpuBefore;
      if (proxied.non2xx > 0 || proxied.errors > 0)
        throw new Error(`gateway answered ${proxied.non2xx} non-2xx and ${proxied.errors} errors`);
      const plainCpuBefore = cpuSeconds(plain.pid);
      const reference = await load(`http://127.0.0.1:${plainPort}${route}`, { headers, duration: 5 });
      const plainCpuUsed = cpuSeconds(plain.pid) - plainCpuBefore;
      rounds.push({
        plainRatio: reference.requests.average / direct.requests.average,
        plainCpuMicros: (plainCpuUsed / reference.requests.total) * 1e6,
        ratio: proxied.requests.average / direct.requests.average,
        cpuMicros: (cpuUsed / proxied.requests.total) * 1e6,
        addedP99: proxied.latency.p99 - direct.latency.p99,
        direct: direct.requests.average,
        proxied: proxied.requests.average,
      });
    }
    const ratio = median(rounds.map((r) => r.ratio));
    const cpuMicros = median(rounds.map((r) => r.cpuMicros));
    return [
      ['gateway throughput / direct throughput', fmt(ratio), '>= 0.55', ratio >= 0.55],
      ['gateway CPU per proxied request (µs)', fmt(cpuMicros, 0), '<= 200', cpuMicros <= 200],
      ['added p99 latency (ms)', fmt(median(rounds.map((r) => r.addedP99)), 1), 'reported', true],
      ['reference: plain Node proxy throughput / direct', fmt(median(rounds.map((r) => r.plainRatio))), 'reported', true],
      ['reference: plain Node proxy CPU per request (µs)', fmt(median(rounds.map((r) => r.plainCpuMicros)), 0), 'reported', true],
      [
        `(medians of 3 rounds; direct ${fmt(median(rounds.map((r) => r.direct)), 0)} req/s, via gateway ${fmt(median(rounds.map((r) => r.proxied)), 0)} req/s)`,
        '',
        '',
        true,
      ],
    ];
  } finally {
    await gateway.stop();
    await plain.stop();
    await service.stop();
  }
}

module.exports = { gatewayOverhead };
