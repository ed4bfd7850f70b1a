'use strict';
// The cluster's addons: DNS (the manifests reach services by name) and metrics-server (the HPAs
// read metrics.k8s.io). metrics-server comes as its own release's kustomize base, from its Go
// module, with the image built here and the kubelet's self-signed serving certificate accepted.
const fs = require('node:fs');
const path = require('node:path');
const { METRICS_SERVER, moduleDir } = require('./parts');
const { ADDON_IMAGES } = require('./images');

const COREDNS_MANIFEST = path.join(__dirname, '..', 'addons', 'coredns.yaml');

function metricsServerKustomization(dir) {
  const base = path.join(moduleDir('sigs.k8s.io/metrics-server', METRICS_SERVER), 'manifests', 'base');
  const [name, tag] = ADDON_IMAGES['metrics-server'].split(':');
  fs.mkdirSync(dir, { recursive: true });
  const kustomization = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    // kustomize takes a relative path to a base outside its folder (with LoadRestrictionsNone), not an absolute one
    resources: [path.relative(dir, base)],
    images: [{ name: 'gcr.io/k8s-staging-metrics-server/metrics-server', newName: name, newTag: tag }],
    patches: [
      {
        target: { kind: 'Deployment', name: 'metrics-server' },
        patch: JSON.stringify([
          { op: 'add', path: '/spec/template/spec/containers/0/args/-', value: '--kubelet-insecure-tls' },
          { op: 'replace', path: '/spec/template/spec/containers/0/args/2', value: '--kubelet-preferred-address-types=InternalIP' },
        ]),
      },
    ],
  };
  fs.writeFileSync(path.join(dir, 'kustomization.yaml'), JSON.stringify(kustomization, null, 2));
  return dir;
}

/** Applies both and waits until they are Available. */
function installAddons({ kubectl, dir }) {
  kubectl.run(['apply', '-f', COREDNS_MANIFEST]);
  const rendered = kubectl.run([
    'kustomize',
    '--load-restrictor',
    'LoadRestrictionsNone',
    metricsServerKustomization(path.join(dir, 'metrics-server')),
  ]);
  kubectl.run(['apply', '-f', '-'], { input: rendered });
  kubectl.run([
    '-n',
    'kube-system',
    'wait',
    '--for=condition=Available',
    'deployment/coredns',
    'deployment/metrics-server',
    '--timeout=180s',
  ]);
}

module.exports = { installAddons };
