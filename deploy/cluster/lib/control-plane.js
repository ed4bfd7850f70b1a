'use strict';
// The control plane as host processes, with the flags Kubernetes' hack/local-up-cluster.sh gives
// them: etcd on loopback, the API server on the cluster's own address (pods reach it through the
// `kubernetes` Service), the controller manager and the scheduler beside it.
const path = require('node:path');
const { freePort, waitFor } = require('../../local/lib/net');
const { startPart } = require('./state');

/** The cluster's addresses: the node's own (a dummy interface), the Services' range and the pods'. */
const NETWORK = {
  nodeAddress: '10.245.0.1',
  serviceRange: '10.96.0.0/16',
  kubernetesServiceIp: '10.96.0.1',
  dnsServiceIp: '10.96.0.10',
  podRange: '10.244.0.0/24',
  apiPort: 6443,
};

async function startEtcd({ etcd, dir }) {
  const [client, peer] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${client}`;
  const part = startPart('etcd', etcd, [
    `--data-dir=${path.join(dir, 'etcd')}`,
    `--listen-client-urls=${url}`,
    `--advertise-client-urls=${url}`,
    `--listen-peer-urls=http://127.0.0.1:${peer}`,
    `--initial-advertise-peer-urls=http://127.0.0.1:${peer}`,
    `--initial-cluster=default=http://127.0.0.1:${peer}`,
    '--log-level=warn',
  ]);
  await waitFor(
    async () => {
      part.assertRunning();
      return (await fetch(`${url}/health`).catch(() => null))?.ok ?? false;
    },
    { timeoutMs: 30_000, what: 'etcd' },
  );
  return url;
}

/** The API server, ready when its /readyz answers through the admin's client certificate. */
async function startApiServer({ binaries, certs, etcdUrl, kubectl }) {
  const cert = (name) => path.join(certs, name);
  const part = startPart('kube-apiserver', binaries['kube-apiserver'], [
    `--bind-address=${NETWORK.nodeAddress}`,
    `--advertise-address=${NETWORK.nodeAddress}`,
    `--secure-port=${NETWORK.apiPort}`,
    `--etcd-servers=${etcdUrl}`,
    `--service-cluster-ip-range=${NETWORK.serviceRange}`,
    '--authorization-mode=Node,RBAC',
    `--client-ca-file=${cert('ca.crt')}`,
    `--tls-cert-file=${cert('apiserver.crt')}`,
    `--tls-private-key-file=${cert('apiserver.key')}`,
    `--kubelet-client-certificate=${cert('apiserver-kubelet-client.crt')}`,
    `--kubelet-client-key=${cert('apiserver-kubelet-client.key')}`,
    '--kubelet-preferred-address-types=InternalIP',
    `--service-account-key-file=${cert('service-accounts.key')}`,
    `--service-account-signing-key-file=${cert('service-accounts.key')}`,
    '--service-account-issuer=https://kubernetes.default.svc',
    // the aggregation layer, for metrics-server's metrics.k8s.io (the HPAs read it)
    `--requestheader-client-ca-file=${cert('front-proxy-ca.crt')}`,
    '--requestheader-allowed-names=front-proxy-client',
    '--requestheader-username-headers=X-Remote-User',
    '--requestheader-group-headers=X-Remote-Group',
    '--requestheader-extra-headers-prefix=X-Remote-Extra-',
    `--proxy-client-cert-file=${cert('front-proxy-client.crt')}`,
    `--proxy-client-key-file=${cert('front-proxy-client.key')}`,
    '--enable-aggregator-routing=true',
    `--cert-dir=${certs}`,
  ]);
  await waitFor(
    async () => {
      part.assertRunning();
      return kubectl.succeeds(['get', '--raw', '/readyz']);
    },
    { timeoutMs: 90_000, intervalMs: 1000, what: 'the API server' },
  );
  // the API server's calls to the kubelet (logs, exec, metrics) as its client certificate's user
  kubectl.run([
    'create',
    'clusterrolebinding',
    'kube-apiserver-kubelet-admin',
    '--clusterrole=system:kubelet-api-admin',
    '--user=kube-apiserver',
  ]);
}

async function startControllers({ binaries, certs, kubeconfigs }) {
  const cert = (name) => path.join(certs, name);
  startPart('kube-controller-manager', binaries['kube-controller-manager'], [
    `--kubeconfig=${kubeconfigs['controller-manager']}`,
    `--authentication-kubeconfig=${kubeconfigs['controller-manager']}`,
    `--authorization-kubeconfig=${kubeconfigs['controller-manager']}`,
    '--use-service-account-credentials',
    `--service-account-private-key-file=${cert('service-accounts.key')}`,
    `--root-ca-file=${cert('ca.crt')}`,
    `--cluster-signing-cert-file=${cert('ca.crt')}`,
    `--cluster-signing-key-file=${cert('ca.key')}`,
    `--service-cluster-ip-range=${NETWORK.serviceRange}`,
    '--leader-elect=false',
    '--bind-address=127.0.0.1',
    `--secure-port=${await freePort()}`,
    `--cert-dir=${certs}`,
  ]);
  startPart('kube-scheduler', binaries['kube-scheduler'], [
    `--kubeconfig=${kubeconfigs.scheduler}`,
    `--authentication-kubeconfig=${kubeconfigs.scheduler}`,
    `--authorization-kubeconfig=${kubeconfigs.scheduler}`,
    '--leader-elect=false',
    '--bind-address=127.0.0.1',
    `--secure-port=${await freePort()}`,
  ]);
}

module.exports = { NETWORK, startEtcd, startApiServer, startControllers };
