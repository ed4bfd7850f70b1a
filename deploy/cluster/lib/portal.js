'use strict';
// The portal on the cluster: its Secrets made for this run, the node's folder for installers as
// the releases volume, and the local overlay of deploy/k8s applied as operators apply theirs.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('../../local/lib/paths');
const { runKeys, RUN_SELLER } = require('../../docker/lib/engine');

const NAMESPACE = 'tax-portal';
const OVERLAY = path.join(ROOT, 'deploy', 'k8s', 'overlays', 'local');
/** The gateway's Service address, fixed by the local overlay (PUBLIC_URL names it). */
const GATEWAY_URL = 'http://10.96.100.80:8080';

const secret = (name, data) => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name, namespace: NAMESPACE },
  type: 'Opaque',
  stringData: data,
});

/** The four Secrets of deploy/k8s/base/secrets, with keys made for this run and the in-cluster stand-ins. */
function portalSecrets(admin) {
  const keys = runKeys();
  const mail = 'smtp://mailpit:1025';
  return [
    secret('portal-platform', {
      MONGODB_URI: 'mongodb://mongodb:27017/',
      REDIS_URL: 'redis://redis:6379',
      JWT_PUBLIC_KEY: keys.jwtPublicKey,
      SERVICE_SECRET: keys.serviceSecret,
    }),
    secret('portal-auth', {
      JWT_PRIVATE_KEY: keys.jwtPrivateKey,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    }),
    secret('portal-notifications', { SMTP_URL: mail }),
    secret('portal-billing', {
      PHONEPE_CLIENT_ID: 'CLUSTER-STANDIN',
      PHONEPE_CLIENT_SECRET: crypto.randomBytes(16).toString('hex'),
      PHONEPE_CLIENT_VERSION: '1',
      PHONEPE_WEBHOOK_USERNAME: 'cluster_hooks',
      PHONEPE_WEBHOOK_PASSWORD: crypto.randomBytes(12).toString('hex'),
      ...RUN_SELLER,
      LICENSE_SIGNING_KEY: keys.licenseSigningKey,
    }),
  ];
}

/**
 * The PhonePe stand-in's code for the local overlay's `phonepe` Deployment, from the files
 * smoke:containers runs (kustomize reads no file outside the overlay's folder).
 */
function phonepeStandInCode() {
  const file = (...parts) => fs.readFileSync(path.join(ROOT, 'deploy', ...parts), 'utf8');
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'phonepe-stand-in', namespace: NAMESPACE },
    data: {
      'phonepe.js': file('local', 'stand-ins', 'phonepe.js'),
      'phonepe-stand-in.js': file('docker', 'smoke', 'phonepe-stand-in.js'),
    },
  };
}

/** The installers' folder on the node, bound to the overlay's claim (storage class `local-releases`). */
function releasesVolume(dir) {
  fs.mkdirSync(dir, { recursive: true });
  // the pods run as 1000:1000 (hardened-pod.yaml); a hostPath volume keeps the folder's owner
  fs.chownSync(dir, 1000, 1000);
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'tax-portal-releases' },
    spec: {
      capacity: { storage: '20Gi' },
      accessModes: ['ReadWriteMany'],
      storageClassName: 'local-releases',
      persistentVolumeReclaimPolicy: 'Retain',
      hostPath: { path: dir, type: 'Directory' },
    },
  };
}

/** Applies the Secrets, the stand-in's code, the volume and the overlay; waits until every Deployment is Available. */
function deployPortal({ kubectl, dir, admin }) {
  const list = (items) => JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
  kubectl.run(['apply', '-f', path.join(OVERLAY, 'namespace.yaml')]);
  kubectl.run(['apply', '-f', '-'], {
    input: list([...portalSecrets(admin), phonepeStandInCode(), releasesVolume(path.join(dir, 'releases'))]),
  });
  kubectl.run(['apply', '-k', OVERLAY]);
  kubectl.run(['-n', NAMESPACE, 'wait', '--for=condition=Available', 'deployment', '--all', '--timeout=600s']);
}

module.exports = { deployPortal, portalSecrets, phonepeStandInCode, NAMESPACE, GATEWAY_URL };
