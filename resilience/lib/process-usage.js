'use strict';
const fs = require('node:fs');

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PAGE_KB = 4;

function readStat(pid) {
  try {
    // the command name may hold spaces; the fields after its closing parenthesis are fixed
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const statm = fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), rssMb: (Number(statm[1]) * PAGE_KB) / 1024 };
  } catch {
    return undefined; // gone (killed or restarting)
  }
}

/**
 * Samples each process's CPU time and resident memory once a second from /proc, following a
 * restarted process to its new pid. Reports CPU seconds, average CPU (% of one core) and peak RSS per name.
 */
function sampleProcesses(pidsByName, everyMs = 1000) {
  const usage = {};
  const tick = () => {
    for (const [name, pid] of Object.entries(pidsByName())) {
      const stat = pid && readStat(pid);
      if (!stat) continue;
      const entry = (usage[name] ??= { cpuSeconds: 0, peakRssMb: 0 });
      if (entry.pid === pid) entry.cpuSeconds += (stat.ticks - entry.ticks) / TICKS_PER_SECOND;
      Object.assign(entry, { pid, ticks: stat.ticks, lastRssMb: stat.rssMb, peakRssMb: Math.max(entry.peakRssMb, stat.rssMb) });
    }
  };
  const startedAt = Date.now();
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    /** Each process's resident memory right now. */
    snapshot: () =>
      Object.fromEntries(Object.entries(pidsByName()).map(([name, pid]) => [name, { rssMb: Math.round(readStat(pid)?.rssMb ?? 0) }])),
    stop() {
      clearInterval(timer);
      tick();
      const seconds = (Date.now() - startedAt) / 1000;
      return Object.fromEntries(
        Object.entries(usage).map(([name, entry]) => [
          name,
          {
            cpuSeconds: Math.round(entry.cpuSeconds * 100) / 100,
            cpuPercent: Math.round((entry.cpuSeconds / seconds) * 1000) / 10,
            peakRssMb: Math.round(entry.peakRssMb),
            lastRssMb: Math.round(entry.lastRssMb),
          },
        ]),
      );
    },
  };
}

module.exports = { sampleProcesses };
