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
 * restarted process to its new pid. Reports average CPU (% of one core) and peak RSS per name.
 */
function sampleProcesses(pidsByName, everyMs = 1000) {
  const usage = {};
  let last = {};
  const tick = () => {
    const now = Date.now();
    for (const [name, pid] of Object.entries(pidsByName())) {
      const stat = pid && readStat(pid);
      if (!stat) continue;
      const entry = (usage[name] ??= { cpuSeconds: 0, peakRssMb: 0, rssMb: [] });
      const previous = last[name];
      if (previous && previous.pid === pid) entry.cpuSeconds += (stat.ticks - previous.ticks) / TICKS_PER_SECOND;
      entry.peakRssMb = Math.max(entry.peakRssMb, stat.rssMb);
      entry.rssMb.push(stat.rssMb);
      last = { ...last, [name]: { pid, ticks: stat.ticks, at: now } };
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
            cpuPercent: Math.round((entry.cpuSeconds / seconds) * 1000) / 10,
            peakRssMb: Math.round(entry.peakRssMb),
            lastRssMb: Math.round(entry.rssMb[entry.rssMb.length - 1] ?? 0),
          },
        ]),
      );
    },
  };
}

module.exports = { sampleProcesses, readStat };
