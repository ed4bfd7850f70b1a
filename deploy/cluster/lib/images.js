'use strict';
// The images the cluster runs, made here (no registry can be reached) and handed to the node's
// containerd: the sandbox's pause, CoreDNS and metrics-server from the parts built into .tools/,
// the portal's one image and the local bases of the containers issue (FerretDB, Redis, Mailpit).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const { ROOT } = require('../../local/lib/paths');
const { buildImage, NODE_IMAGES } = require('../../docker/lib/engine');
const { PAUSE_IMAGE } = require('./node');

const PORTAL_IMAGE = 'tax-portal:cluster';
const BASES = ['tax-portal-base/ferretdb:local', 'tax-portal-base/redis:7', 'tax-portal-base/mailpit:local'];
const ADDON_IMAGES = {
  pause: PAUSE_IMAGE,
  coredns: 'tax-portal-cluster/coredns:local',
  'metrics-server': 'tax-portal-cluster/metrics-server:local',
};

/** A one-binary image FROM scratch (the programs are static). */
function binaryImage(binary, tag) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-image-'));
  try {
    const name = path.basename(binary);
    fs.copyFileSync(binary, path.join(dir, name));
    fs.chmodSync(path.join(dir, name), 0o755);
    fs.writeFileSync(path.join(dir, 'Dockerfile'), `FROM scratch\nCOPY ${name} /${name}\nUSER 65534:65534\nENTRYPOINT ["/${name}"]\n`);
    execFileSync('docker', ['build', '-q', '-t', tag, dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, DOCKER_BUILDKIT: '0' },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds every image (the portal's from this checkout) and imports them into the node's containerd. */
function loadImages({ binaries, socket }) {
  for (const [part, tag] of Object.entries(ADDON_IMAGES)) binaryImage(binaries[part], tag);
  execFileSync('bash', [path.join(ROOT, 'deploy', 'docker', 'make-local-bases.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
  buildImage(NODE_IMAGES.local, PORTAL_IMAGE);
  const images = [...Object.values(ADDON_IMAGES), ...BASES, PORTAL_IMAGE];
  const save = spawnSync('bash', ['-c', `docker save ${images.join(' ')} | ctr --address ${socket} -n k8s.io images import -`], {
    encoding: 'utf8',
  });
  if (save.status !== 0) throw new Error(`images could not be loaded into the node's containerd:\n${save.stderr}`);
}

module.exports = { loadImages, ADDON_IMAGES };
