'use strict';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const round = (value) => Math.round(value * 10) / 10;

/** Every answer of a run, by route group: count, latency percentiles and statuses. */
function createRecorder() {
  const samples = [];
  const startedAt = Date.now();
  return {
    record(group, status, ms) {
      samples.push({ group, status, ms, at: Date.now() });
    },
    /** The answers seen between two instants, for a fault's window. */
    between: (from, to) => samples.filter((sample) => sample.at >= from && sample.at <= to),
    samples: () => samples,
    summary() {
      const seconds = (Date.now() - startedAt) / 1000;
      const byGroup = new Map();
      for (const sample of samples) {
        if (!byGroup.has(sample.group)) byGroup.set(sample.group, []);
        byGroup.get(sample.group).push(sample);
      }
      const groups = {};
      for (const group of [...byGroup.keys()].sort()) {
        const answers = byGroup.get(group);
        const sorted = answers.map((sample) => sample.ms).sort((a, b) => a - b);
        const statuses = {};
        for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
        groups[group] = {
          requests: sorted.length,
          p50: round(percentile(sorted, 50)),
          p95: round(percentile(sorted, 95)),
          p99: round(percentile(sorted, 99)),
          max: round(sorted.at(-1) ?? 0),
          statuses,
        };
      }
      const all = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      return {
        seconds: round(seconds),
        requests: samples.length,
        throughput: round(samples.length / seconds),
        p99: round(percentile(all, 99)),
        groups,
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
