'use strict';
// The cluster's certificates and keys, made with openssl for one run, as Kubernetes'
// hack/local-up-cluster.sh makes them: a CA for the API server's serving certificate and every
// client, a separate CA for the aggregation layer's front proxy (metrics-server trusts only the
// API server's proxy client through it), and the service accounts' signing key.
const fs = require('node:fs');
const path = require('node:path');
const { runQuiet } = require('../../local/lib/processes');

const openssl = (args, cwd) => runQuiet('openssl', args, { cwd });

function certificateAuthority(dir, name) {
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '30',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
    ],
    dir,
  );
}

/** A certificate signed by `ca`: a client's with its groups (O=), or a server's with its names (subjectAltName). */
function signed(dir, ca, name, { cn, groups = [], altNames = [], usage }) {
  const subject = `${groups.map((group) => `/O=${group}`).join('')}/CN=${cn}`;
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', subject, '-keyout', `${name}.key`, '-out', `${name}.csr`], dir);
  const extensions = [
    'basicConstraints=CA:FALSE',
    'keyUsage=critical,digitalSignature,keyEncipherment',
    `extendedKeyUsage=${usage}`,
    ...(altNames.length ? [`subjectAltName=${altNames.join(',')}`] : []),
  ];
  fs.writeFileSync(path.join(dir, `${name}.ext`), `${extensions.join('\n')}\n`);
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.crt`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-days',
      '30',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.crt`,
    ],
    dir,
  );
}

/**
 * Makes every certificate the control plane and the node need into `dir`; `apiAddress` is the
 * address the API server serves on, `serviceIp` the `kubernetes` Service's, `node` the node's name.
 */
function makeCertificates(dir, { apiAddress, serviceIp, node }) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  certificateAuthority(dir, 'ca');
  certificateAuthority(dir, 'front-proxy-ca');
  openssl(['genrsa', '-out', 'service-accounts.key', '2048'], dir);
  signed(dir, 'ca', 'apiserver', {
    cn: 'kube-apiserver',
    usage: 'serverAuth',
    altNames: [
      'DNS:kubernetes',
      'DNS:kubernetes.default',
      'DNS:kubernetes.default.svc',
      'DNS:kubernetes.default.svc.cluster.local',
      'DNS:localhost',
      'IP:127.0.0.1',
      `IP:${apiAddress}`,
      `IP:${serviceIp}`,
    ],
  });
  const clients = {
    admin: { cn: 'cluster-admin', groups: ['system:masters'] },
    'controller-manager': { cn: 'system:kube-controller-manager' },
    scheduler: { cn: 'system:kube-scheduler' },
    kubelet: { cn: `system:node:${node}`, groups: ['system:nodes'] },
    'kube-proxy': { cn: 'system:kube-proxy' },
    'apiserver-kubelet-client': { cn: 'kube-apiserver' },
  };
  for (const [name, identity] of Object.entries(clients)) signed(dir, 'ca', name, { ...identity, usage: 'clientAuth' });
  signed(dir, 'front-proxy-ca', 'front-proxy-client', { cn: 'front-proxy-client', usage: 'clientAuth' });
  return Object.keys(clients);
}

/** A kubeconfig for one client certificate of `dir`. */
function writeKubeconfig(dir, name, server) {
  const file = path.join(dir, `${name}.kubeconfig`);
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'local', cluster: { server, 'certificate-authority': path.join(dir, 'ca.crt') } }],
    users: [{ name, user: { 'client-certificate': path.join(dir, `${name}.crt`), 'client-key': path.join(dir, `${name}.key`) } }],
    contexts: [{ name: 'local', context: { cluster: 'local', user: name } }],
    'current-context': 'local',
  };
  fs.writeFileSync(file, JSON.stringify(config, null, 2), { mode: 0o600 });
  return file;
}

module.exports = { makeCertificates, writeKubeconfig };
