'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureGoTool } = require('./go-tool');
const { TOOLS_DIR } = require('./paths');
const { freePort, portAnswers, httpStatus } = require('./net');
const { runQuiet, startProcess, untilServing } = require('./processes');

const MODULE = 'github.com/axllent/mailpit';
const VERSION = 'v1.27.11';

/**
 * The npm that runs inside `npm start` carries the outer npm's npm_* settings; the web inbox's own
 * install must not inherit them (they name this project's workspaces and prefix).
 */
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^INIT_CWD$/i.test(name)));

/**
 * Builds Mailpit, the mail catcher compose also runs, once into .tools/. The module archive holds
 * the web inbox's sources but not its bundle (server/ui/dist, which the binary embeds), so the
 * bundle is built first with Mailpit's own locked npm packages and esbuild script, as its
 * Dockerfile does.
 */
function ensureMailpit() {
  return ensureGoTool({
    name: 'mailpit',
    label: 'Mailpit (the local mail catcher)',
    version: VERSION,
    withoutGo: 'Go is needed to build Mailpit, the local mail catcher: install Go 1.24 or later, or set SMTP_URL to a mail server.',
    build(binary) {
      const download = spawnSync('go', ['mod', 'download', '-json', `${MODULE}@${VERSION}`], { encoding: 'utf8' });
      if (download.status !== 0) throw new Error(`go mod download ${MODULE}@${VERSION} failed:\n${download.stdout}${download.stderr}`);
      const buildDir = path.join(TOOLS_DIR, 'src', `mailpit-${VERSION}`);
      fs.rmSync(buildDir, { recursive: true, force: true });
      fs.cpSync(JSON.parse(download.stdout).Dir, buildDir, { recursive: true });
      spawnSync('chmod', ['-R', 'u+w', buildDir]);
      const env = cleanEnv();
      runQuiet('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: buildDir, env });
      runQuiet(process.execPath, ['esbuild.config.mjs'], { cwd: buildDir, env: { ...env, MINIFY: 'true' } });
      runQuiet('go', ['build', '-trimpath', '-ldflags', `-s -w -X ${MODULE}/config.Version=${VERSION}`, '-o', binary, '.'], {
        cwd: buildDir,
        env: { ...env, GOFLAGS: '-buildvcs=false' },
      });
      // The sources and their node_modules served the build only.
      fs.rmSync(buildDir, { recursive: true, force: true });
    },
  });
}

/** Its usual ports when they are free, so the inbox keeps its address; others beside a second portal. */
const usualOrFree = async (port) => ((await portAnswers(port)) ? freePort() : port);

/**
 * Mailpit on 127.0.0.1, keeping its messages under dataDir, on its usual ports 1025 and 8025 when
 * they are free (any free ones with `anyPorts`). Answers the SMTP URL the services send through,
 * the inbox people open, and its REST API (/api/v1) that the smoke journey reads.
 */
async function startMailpit({ dataDir, quiet = true, anyPorts = false }) {
  const binary = ensureMailpit();
  // tests take any free ports, so that they never meet a developer's inbox
  const smtpPort = anyPorts ? await freePort() : await usualOrFree(1025);
  const webPort = anyPorts ? await freePort() : await usualOrFree(8025);
  fs.mkdirSync(dataDir, { recursive: true });
  const proc = startProcess(
    'mailpit',
    binary,
    [
      `--smtp=127.0.0.1:${smtpPort}`,
      `--listen=127.0.0.1:${webPort}`,
      `--database=${path.join(dataDir, 'mailpit.db')}`,
      '--smtp-disable-rdns',
      // the running application never reaches out: no update check against GitHub
      '--disable-version-check',
      '--quiet',
    ],
    { quiet },
  );
  const inboxUrl = `http://127.0.0.1:${webPort}`;
  await untilServing(proc, async () => (await httpStatus(`${inboxUrl}/readyz`)) === 200, { what: 'Mailpit', timeoutMs: 30_000 });
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://localhost:${webPort}`,
    apiUrl: `${inboxUrl}/api/v1`,
    /** Its process, for a fault run to pause (SIGSTOP) and resume as a mail server that hangs. */
    pid: () => proc.child.pid,
    stop: () => proc.stop(),
  };
}

module.exports = { ensureMailpit, startMailpit };
