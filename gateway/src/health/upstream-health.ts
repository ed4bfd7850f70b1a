import http from 'node:http';
import type { RequestHandler } from 'express';
import { SERVICES } from '../routing/route-table';
import type { Upstreams } from '../routing/proxy';

const PROBE_TIMEOUT_MS = 1000;

function isReady(baseUrl: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}/ready`, { timeout: PROBE_TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** 200 when every service reports ready, else 503 with the ones that did not marked "down". */
export function upstreamHealth(upstreams: Upstreams): RequestHandler {
  return async (_req, res) => {
    const states = await Promise.all(SERVICES.map(async (name) => [name, (await isReady(upstreams[name])) ? 'ok' : 'down'] as const));
    const healthy = states.every(([, state]) => state === 'ok');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'degraded', services: Object.fromEntries(states) });
  };
}
