'use strict';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const round = (value) => Math.round(value * 10) / 10;

/** Every answer of a run, by route group: count, latency percentiles and statuses. */
function createRecorder() {
  const groups = new Map();
  const samples = [];
  const startedAt = Date.now();
  return {
    record(group, status, ms, at = Date.now()) {
      let entry = groups.get(group);
      if (!entry) groups.set(group, (entry = { latencies: [], statuses: {} }));
      entry.latencies.push(ms);
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
      samples.push({ group, status, ms, at });
    },
    /** The answers seen between two instants, for a fault's window. */
    between: (from, to) => samples.filter((sample) => sample.at >= from && sample.at <= to),
    samples: () => samples,
    summary() {
      const seconds = (Date.now() - startedAt) / 1000;
      const rows = {};
      let total = 0;
      for (const [group, { latencies, statuses }] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
        const sorted = [...latencies].sort((a, b) => a - b);
        total += sorted.length;
        rows[group] = {
          requests: sorted.length,
          p50: round(percentile(sorted, 50)),
          p95: round(percentile(sorted, 95)),
          p99: round(percentile(sorted, 99)),
          max: round(sorted[sorted.length - 1] ?? 0),
          statuses,
        };
      }
      const all = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      return {
        seconds: round(seconds),
        requests: total,
        throughput: round(total / seconds),
        p99: round(percentile(all, 99)),
        groups: rows,
      };
    },
  };
}

/** Statuses a user would call an error: 5xx, timeouts and dropped connections (0). */
const isFailure = (status) => status === 'timeout' || status === 0 || status >= 500;

/** Answers a user would not expect, by status; a customer without a plan is expected to be refused the download. */
function errorsByStatus(samples) {
  const errors = {};
  for (const { group, status } of samples) {
    if (status !== 'timeout' && status < 400) continue;
    if (group === 'eligibility (no plan)' && status === 403) continue;
    errors[status] = (errors[status] ?? 0) + 1;
  }
  return errors;
}

module.exports = { createRecorder, errorsByStatus, isFailure };
