'use strict';

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
/** A child that ran this long before dying is restarted at the first delay again. */
const STEADY_MS = 60_000;

/**
 * Keeps a started child running as compose's `restart: unless-stopped` and a Kubernetes
 * Deployment do: when it dies without being asked to stop, it is started again after a delay that
 * doubles (0.5 s up to 30 s) while it keeps dying soon after starting. `respawn` starts a new copy
 * of the same process; `stop()` ends supervision and the child.
 */
function supervise(first, respawn, { log = (line) => console.error(line) } = {}) {
  let current = first;
  let stopping = false;
  let restarts = 0;
  let delayMs = FIRST_DELAY_MS;
  let timer;

  const watch = (proc, startedAt) =>
    proc.exited.then(({ code, signal }) => {
      if (stopping) return;
      if (Date.now() - startedAt >= STEADY_MS) delayMs = FIRST_DELAY_MS;
      const why = signal ? `killed by ${signal}` : `exit code ${code}`;
      log(`${proc.name} stopped unexpectedly (${why}); restarting it in ${delayMs / 1000} s. Its last lines:\n${proc.tail(5)}`);
      timer = setTimeout(() => {
        if (stopping) return;
        restarts++;
        current = respawn();
        log(`${proc.name} restarted (restart ${restarts}, pid ${current.child.pid}).`);
        watch(current, Date.now());
      }, delayMs);
      delayMs = Math.min(delayMs * 2, MAX_DELAY_MS);
    });
  watch(first, Date.now());

  return {
    name: first.name,
    get child() {
      return current.child;
    },
    get exited() {
      return current.exited;
    },
    get restarts() {
      return restarts;
    },
    tail: (lines) => current.tail(lines),
    async stop(timeoutMs) {
      stopping = true;
      clearTimeout(timer);
      await current.stop(timeoutMs);
    },
  };
}

module.exports = { supervise };
