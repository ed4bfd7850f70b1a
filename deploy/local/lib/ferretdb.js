'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureGoTool } = require('./go-tool');
const { TOOLS_DIR } = require('./paths');
const { freePort, portAnswers } = require('./net');
const { runQuiet, startProcess, untilServing } = require('./processes');

const MODULE = 'github.com/FerretDB/FerretDB';
const VERSION = 'v1.24.2';

/**
 * FerretDB 1.24's SQLite backend finds, updates and deletes by `_id` with the expression
 * `->'$._id'`, which SQLite does not match to the `_id` index every collection has (`->"_id"`), so
 * each of them reads the whole table: a profile update cost 35 ms at 10,000 documents and grows
 * with the collection. Written `->'_id'` (the same value) it uses that index, in existing data
 * folders too. FerretDB#4646 is the same fault on PostgreSQL; 1.x receives no more fixes.
 */
const ID_LOOKUP_PATCH = {
  file: 'internal/backends/sqlite/metadata/metadata.go',
  from: `IDColumn = DefaultColumn + "->'$._id'"`,
  to: `IDColumn = DefaultColumn + "->'_id'"`,
};
/**
 * The admin's lists at 100,000 customers read every document for each page: the SQLite backend
 * pushes down only `_id` lookups, sorts and counts in Go. ferretdb-pushdown.patch (docs/decisions/0031,
 * tested by deploy/local/test/ferretdb-pushdown.test.ts) lets SQLite answer from its indexes:
 * - a top-level field equal to a string or ObjectId (bare or as `$eq`, the form the services send
 *   so that no request value is read as an operator), or `$in` a list of them, or matching an
 *   anchored literal prefix (`^asha`), is looked up in the field's index, and so is an `$or` of
 *   such conditions (arrays are returned too, for the handler's filter to decide, so no match is
 *   lost); without `$eq` every lookup of a subscription, an order or a mandate read its whole
 *   table, the database's main cost under load;
 * - an `_id` range between ObjectIds is read exactly along the `_id` index;
 * - a find sorted by `_id` alone is sorted in SQL; with no filter or an `_id` range it is skipped
 *   and limited there too, and otherwise the handler stops reading at the page's end;
 * - a count of a whole collection or of an `_id` range is SQLite's COUNT(*);
 * - `explain` shows the plan of the query a find sends, so that a test can see the index used.
 */
const PUSHDOWN_PATCH = path.join(__dirname, 'ferretdb-pushdown.patch');
/**
 * ferretdb-cpu.patch (docs/decisions/0078): work each command did for FerretDB's own debugging,
 * left to its debug builds. It followed every iterator, transaction, query result and cursor it
 * opened (several a command) in a pprof profile, with the stack that opened it, and a finalizer that
 * panics if one is never closed; and it formatted each SQL query and each find's parameters for
 * debug lines the log level then dropped. Together about a sixth of its CPU a command.
 */
const CPU_PATCH = path.join(__dirname, 'ferretdb-cpu.patch');
/** The stamp names the patches too, so a FerretDB built before them is rebuilt. */
const BUILD = `${VERSION}+id-index+index-pushdown+ranges+eq+no-debug-work`;

function applyPatch(buildDir, { file, from, to }) {
  const target = path.join(buildDir, file);
  const source = fs.readFileSync(target, 'utf8');
  if (!source.includes(from)) throw new Error(`FerretDB ${VERSION}: ${file} no longer holds ${from}; review the patch`);
  fs.writeFileSync(target, source.replace(from, to));
}

/**
 * Builds FerretDB once into .tools/. `go install MODULE@VERSION` cannot be used here: it asks the
 * module proxy for the version list (refused) and the module archive lacks the version.txt the
 * binary embeds. So the exact version is downloaded through the proxy, copied to a writable
 * folder, given its version file and the patches above, and built with `go build`.
 */
function ensureFerretDB() {
  return ensureGoTool({
    name: 'ferretdb',
    label: 'FerretDB',
    version: BUILD,
    withoutGo: 'Go is needed to build FerretDB, the embedded database: install Go 1.24 or later, or set MONGODB_URI to a MongoDB server.',
    build(binary) {
      const download = spawnSync('go', ['mod', 'download', '-json', `${MODULE}@${VERSION}`], { encoding: 'utf8' });
      if (download.status !== 0) throw new Error(`go mod download ${MODULE}@${VERSION} failed:\n${download.stdout}${download.stderr}`);
      const sourceDir = JSON.parse(download.stdout).Dir;
      const buildDir = path.join(TOOLS_DIR, 'src', `ferretdb-${VERSION}`);
      fs.rmSync(buildDir, { recursive: true, force: true });
      fs.cpSync(sourceDir, buildDir, { recursive: true });
      spawnSync('chmod', ['-R', 'u+w', buildDir]);
      fs.writeFileSync(path.join(buildDir, 'build', 'version', 'version.txt'), `${VERSION}\n`);
      applyPatch(buildDir, ID_LOOKUP_PATCH);
      for (const patch of [PUSHDOWN_PATCH, CPU_PATCH]) runQuiet('git', ['apply', '--whitespace=nowarn', patch], { cwd: buildDir });
      runQuiet('go', ['build', '-trimpath', '-o', binary, './cmd/ferretdb'], {
        cwd: buildDir,
        env: { ...process.env, GOFLAGS: '-buildvcs=false' },
      });
    },
  });
}

/**
 * Each commit is durable once the WAL holds it (SQLite's `synchronous(normal)` in WAL mode): it
 * survives FerretDB's crash, not the machine's, as a MongoDB write acknowledged before its journal
 * flush does. The default (`full`) waited for an fsync on every write. The Go collector lets the
 * heap grow to five times its live size (GOGC=400, not 100): the documents each command decodes
 * made it collect all the time. Together they took FerretDB's CPU a command to 0.4 of what it was
 * (docs/decisions/0076).
 */
const SQLITE_DURABILITY = '?_pragma=synchronous(normal)';
const GO_COLLECTOR = { GOGC: '400' };

/** FerretDB with the SQLite handler, storing under dataDir, on 127.0.0.1 only, telemetry off. */
async function startFerretDB({ dataDir, port, quiet = true }) {
  const binary = ensureFerretDB();
  const listenPort = port ?? (await freePort());
  const sqliteDir = path.join(dataDir, 'sqlite');
  const stateDir = path.join(dataDir, 'state');
  fs.mkdirSync(sqliteDir, { recursive: true });
  fs.mkdirSync(stateDir, { recursive: true });
  const proc = startProcess(
    'ferretdb',
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${sqliteDir}/${SQLITE_DURABILITY}`,
      `--state-dir=${stateDir}`,
      `--listen-addr=127.0.0.1:${listenPort}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ],
    { quiet, env: { ...process.env, ...GO_COLLECTOR } },
  );
  await untilServing(proc, () => portAnswers(listenPort), { what: 'FerretDB', timeoutMs: 30_000 });
  return {
    uri: `mongodb://127.0.0.1:${listenPort}/`,
    port: listenPort,
    pid: proc.child.pid,
    stop: () => proc.stop(),
    /** Ends it at once, as a crash would (the resilience scenarios). */
    kill: async () => {
      proc.child.kill('SIGKILL');
      await proc.exited;
    },
  };
}

/**
 * A FerretDB of its own in a temporary folder, for a test that stops the database under a running
 * service and starts it again on the same port and data; the shared one stays up for the rest.
 */
async function startDisposableFerretDB() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferret-disposable-'));
  let server = await startFerretDB({ dataDir });
  const { uri, port } = server;
  return {
    uri,
    kill: () => server.kill(),
    restart: async () => {
      server = await startFerretDB({ dataDir, port });
    },
    remove: async () => {
      await server.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

module.exports = { ensureFerretDB, startFerretDB, startDisposableFerretDB };
