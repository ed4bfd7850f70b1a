import type { RequestHandler } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { databaseCommands } from './database-commands';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  counter(name: string, help: string, labelNames?: string[]): Counter<string>;
}

export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(databaseCommands);
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  return {
    registry,
    httpDuration,
    counter: (name, help, labelNames = []) => new Counter({ name, help, labelNames, registers: [registry] }),
  };
}

/** Labels by the matched route pattern, never the raw path, so ids do not explode the series. */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpDuration.startTimer();
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      end({ method: req.method, route: route ? `${req.baseUrl}${route}` : 'unmatched', status: String(res.statusCode) });
    });
    next();
  };
}
