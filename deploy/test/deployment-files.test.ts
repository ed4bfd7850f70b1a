import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { configSchema as gatewayConfig } from '../../gateway/src/config';
import { ROUTE_TABLE } from '../../gateway/src/routing/route-table';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of deploy/
const { portalSecrets, phonepeStandInCode } = require('../cluster/lib/portal') as {
  portalSecrets(admin: { email: string; password: string }): { metadata: { name: string }; stringData: Record<string, string> }[];
  phonepeStandInCode(): { metadata: { name: string }; data: Record<string, string> };
};
import { configSchema as adminReportingConfig } from '../../services/admin-reporting/src/config';
import { configSchema as authConfig } from '../../services/auth/src/config';
import { configSchema as billingConfig } from '../../services/billing/src/config';
import { configSchema as downloadConfig } from '../../services/download/src/config';
import { configSchema as feedbackConfig } from '../../services/feedback/src/config';
import { configSchema as notificationsConfig } from '../../services/notifications/src/config';
import { configSchema as partnersConfig } from '../../services/partners/src/config';

// The compose file and the Kubernetes manifests are checked against the code they deploy: the
// gateway's routing table says which services must exist, and each app's config schema says
// which settings it cannot start without.

const ROOT = path.resolve(__dirname, '../..');
interface Schema {
  shape: Record<string, z.ZodType>;
}

const WORKLOADS: Record<string, { schema: Schema; entry: string }> = {
  auth: { schema: authConfig, entry: 'services/auth/dist/index.js' },
  billing: { schema: billingConfig, entry: 'services/billing/dist/index.js' },
  'billing-worker': { schema: billingConfig, entry: 'services/billing/dist/worker.js' },
  download: { schema: downloadConfig, entry: 'services/download/dist/index.js' },
  feedback: { schema: feedbackConfig, entry: 'services/feedback/dist/index.js' },
  'admin-reporting': { schema: adminReportingConfig, entry: 'services/admin-reporting/dist/index.js' },
  notifications: { schema: notificationsConfig, entry: 'services/notifications/dist/index.js' },
  partners: { schema: partnersConfig, entry: 'services/partners/dist/index.js' },
  gateway: { schema: gatewayConfig, entry: 'gateway/dist/index.js' },
};
const ROUTED_SERVICES = [...new Set(ROUTE_TABLE.map((rule) => rule.service))];
const serviceUrlKey = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_URL`;

function workload(name: string) {
  const found = WORKLOADS[name];
  if (!found) throw new Error(`${name} is deployed but is not one of our workloads`);
  return found;
}

/**
 * Keys a container must be given: those without a default, and those whose default points at
 * this machine (127.0.0.1 or localhost), which inside a container reaches nothing.
 */
function mustBeSet(schema: Schema): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => {
      const parsed = field.safeParse(undefined);
      return !parsed.success || /127\.0\.0\.1|localhost/.test(String(parsed.data));
    })
    .map(([key]) => key);
}

/** Compose's entry point is the command's script; the source beside it must exist. */
function sourceOf(entry: string) {
  return path.join(ROOT, entry.replace('/dist/', '/src/').replace(/\.js$/, '.ts'));
}

interface Probe {
  httpGet?: { path: string; port: string };
}
interface Container {
  image: string;
  command: string[];
  ports: [{ name: string; containerPort: number }];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
/** The fields these checks read, across the kinds that have them. */
interface K8sObject {
  kind: string;
  metadata: { name: string; namespace?: string };
  data?: Record<string, string>;
  spec: {
    clusterIP?: string;
    selector?: Record<string, unknown>;
    template: {
      spec: {
        containers: [Container];
        securityContext: { runAsNonRoot?: boolean };
        volumes?: { name: string; configMap?: { name: string; items: { key: string; path: string }[] } }[];
      };
    };
    ports: [{ port: number; targetPort: string }];
    scaleTargetRef: { name: string };
    rules: [{ http: { paths: [{ backend: { service: { name: string } } }] } }];
  };
}

function render(dir: string): K8sObject[] {
  const kustomize = process.env.KUSTOMIZE_BIN;
  if (!kustomize) throw new Error('KUSTOMIZE_BIN is not set: run these tests through `npm test`, which builds kustomize');
  const output = execFileSync(kustomize, ['build', path.join(ROOT, dir)], { encoding: 'utf8' });
  return parseAllDocuments(output).map((doc) => doc.toJS() as K8sObject);
}

/** The keys a Secret is documented to hold: deploy/k8s/base/secrets/<name>.env.example. */
function secretKeys(name: string): string[] {
  const file = path.join(ROOT, 'deploy/k8s/base/secrets', `${name}.env.example`);
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => line.slice(0, line.indexOf('=')));
}

describe('docker-compose.yml', () => {
  const compose = parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
  const services = compose.services as Record<string, { command: string[]; environment: Record<string, string | number> }>;
  const service = (name: string) => {
    const found = services[name];
    if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
    return found;
  };
  const env = (name: string): Record<string, string> =>
    Object.fromEntries(Object.entries(service(name).environment).map(([key, value]) => [key, String(value)]));

  it('runs every service of the routing table, the billing worker and the gateway, each from its entry point', () => {
    for (const service of ROUTED_SERVICES) expect(Object.keys(services)).toContain(service);
    for (const [name, { entry }] of Object.entries(WORKLOADS)) {
      expect(service(name).command).toEqual(['node', entry]);
      expect(fs.existsSync(sourceOf(entry))).toBe(true);
    }
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['mongodb', 'redis', 'mailpit']));
  });

  it.each(Object.keys(WORKLOADS))('gives %s every setting its config requires, and none it does not know', (name) => {
    const { schema } = workload(name);
    const given = env(name);
    expect(Object.keys(given)).toEqual(expect.arrayContaining(mustBeSet(schema)));
    expect(Object.keys(given).filter((key) => !(key in schema.shape))).toEqual([]);
    expect(given.HOST).toBe('0.0.0.0');
  });

  it('points every service URL at that service and the port it listens on', () => {
    for (const [name, { schema }] of Object.entries(WORKLOADS)) {
      for (const target of ROUTED_SERVICES.filter((service) => serviceUrlKey(service) in schema.shape)) {
        const url = new URL(env(name)[serviceUrlKey(target)] ?? 'http://unset');
        expect(`${name} → ${url.hostname}:${url.port}`).toBe(`${name} → ${target}:${env(target).PORT}`);
      }
    }
  });

  it('keeps Redis safe for BullMQ: no eviction and an append-only file', () => {
    expect(compose.services.redis.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction', '--appendonly', 'yes']));
  });
});

describe('the local overlay (npm run cluster, docs/operations.md)', () => {
  const base = render('deploy/k8s/base');
  const local = render('deploy/k8s/overlays/local');
  const named = (objects: K8sObject[], kind: string) => new Map(objects.filter((o) => o.kind === kind).map((o) => [o.metadata.name, o]));

  it('runs every workload of the base as the base describes it, from the image built here', () => {
    const localDeployments = named(local, 'Deployment');
    for (const [name, deployment] of named(base, 'Deployment')) {
      const ours = structuredClone(localDeployments.get(name));
      expect(ours?.spec.template.spec.containers[0].image).toBe('tax-portal:cluster');
      ours!.spec.template.spec.containers[0].image = deployment.spec.template.spec.containers[0].image;
      // the namespace and the generated ConfigMap's hashed name are a kustomization's own
      expect({ ...ours, metadata: { ...ours!.metadata, namespace: undefined } }).toEqual(
        JSON.parse(JSON.stringify(deployment).replace(/"portal-config-[a-z0-9]+"/g, JSON.stringify(configMapName(local)))),
      );
    }
    for (const kind of ['HorizontalPodAutoscaler', 'PodDisruptionBudget'])
      expect([...named(local, kind).keys()].sort()).toEqual([...named(base, kind).keys()].sort());
  });

  it('adds only the stand-ins of the managed services, and the Secrets made for a run hold every documented key, naming them', () => {
    const added = [...named(local, 'Deployment').keys()].filter((name) => !named(base, 'Deployment').has(name));
    expect(added.sort()).toEqual(['mailpit', 'mongodb', 'phonepe', 'redis']);
    const secrets = portalSecrets({ email: 'admin@portal.local', password: 'cluster-admin-secret-1' });
    for (const { metadata, stringData } of secrets) expect(Object.keys(stringData).sort()).toEqual(secretKeys(metadata.name).sort());
    const values = Object.assign({}, ...secrets.map((secret) => secret.stringData)) as Record<string, string>;
    const services = named(local, 'Service');
    for (const key of ['MONGODB_URI', 'REDIS_URL', 'SMTP_URL']) {
      const { hostname, port } = new URL(values[key]!);
      expect(services.get(hostname)?.spec.ports.map((entry) => entry.port)).toContain(Number(port || 27017));
    }
  });

  it('runs PhonePe’s stand-in from the code a run hands it, where billing and the buyer’s browser look for it', () => {
    const config = local.find((o) => o.kind === 'ConfigMap')!.data!;
    const service = named(local, 'Service').get('phonepe')!;
    const { containers, volumes = [] } = named(local, 'Deployment').get('phonepe')!.spec.template.spec;
    const env = new Map(containers[0].env?.map((entry) => [entry.name, entry]));
    for (const key of ['PHONEPE_OAUTH_BASE_URL', 'PHONEPE_PG_BASE_URL'])
      expect(config[key]).toBe(`http://${service.metadata.name}:${service.spec.ports[0].port}`);
    expect(env.get('CHECKOUT_PUBLIC_URL')?.value).toBe(`http://${service.spec.clusterIP}:${service.spec.ports[0].port}`);
    expect(new URL(env.get('WEBHOOK_URL')!.value!).host).toBe(`gateway:${named(local, 'Service').get('gateway')!.spec.ports[0].port}`);
    // the credentials billing holds, so that its calls and the stand-in's webhooks are accepted
    const billing = portalSecrets({ email: 'admin@portal.local', password: 'cluster-admin-secret-1' }).find(
      (secret) => secret.metadata.name === 'portal-billing',
    )!.stringData;
    for (const { name, valueFrom } of env.values())
      if (valueFrom)
        expect(`${name}: ${valueFrom.secretKeyRef.name} has ${valueFrom.secretKeyRef.key}`).toBe(`${name}: portal-billing has ${name}`);
    expect([...env.keys()].filter((name) => name in billing).sort()).toEqual(
      ['PHONEPE_CLIENT_ID', 'PHONEPE_CLIENT_SECRET', 'PHONEPE_WEBHOOK_USERNAME', 'PHONEPE_WEBHOOK_PASSWORD'].sort(),
    );
    // the ConfigMap's files laid out as in the repository, so that the wrapper's require finds the stand-in
    const code = phonepeStandInCode();
    const mounted = volumes.find((volume) => volume.configMap?.name === code.metadata.name)!.configMap!.items;
    expect(mounted.map((item) => item.key).sort()).toEqual(Object.keys(code.data).sort());
    for (const { key, path: file } of mounted) expect(code.data[key]).toBe(fs.readFileSync(path.join(ROOT, 'deploy', file), 'utf8'));
    const wrapper = mounted.find((item) => containers[0].command.join(' ').endsWith(item.path))!;
    const required = /require\('(\.[^']+)'\)/.exec(code.data[wrapper.key]!)![1]!;
    expect(mounted.map((item) => item.path)).toContain(`${path.posix.join(path.posix.dirname(wrapper.path), required)}.js`);
  });

  it('names the gateway’s fixed Service address as the public URL', () => {
    const gateway = named(local, 'Service').get('gateway');
    const config = local.find((o) => o.kind === 'ConfigMap')!.data!;
    expect(config.PUBLIC_URL).toBe(`http://${gateway?.spec.clusterIP}:${gateway?.spec.ports[0].port}`);
  });
});

const configMapName = (objects: K8sObject[]) => objects.find((o) => o.kind === 'ConfigMap')!.metadata.name;

describe.each(['deploy/k8s/base', 'deploy/k8s/overlays/production'])('the manifests of %s', (dir) => {
  const objects = render(dir);
  const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
  const deployments = ofKind('Deployment');
  const configMaps = new Map(ofKind('ConfigMap').map((map) => [map.metadata.name, map.data ?? {}]));
  const servicePorts = new Map(ofKind('Service').map((service) => [service.metadata.name, service.spec.ports[0].port]));

  /** Every variable a Deployment's container is given, by name, with its value where it is literal. */
  function settingsOf(deployment: K8sObject): Map<string, string | undefined> {
    const container = deployment.spec.template.spec.containers[0];
    const settings = new Map<string, string | undefined>();
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef)
        for (const [key, value] of Object.entries(configMaps.get(source.configMapRef.name) ?? {})) settings.set(key, value);
      if (source.secretRef) for (const key of secretKeys(source.secretRef.name)) settings.set(key, undefined);
    }
    for (const variable of container.env ?? []) settings.set(variable.name, variable.value);
    return settings;
  }

  it('deploys every workload, each with probes, resources, a matching Service, an autoscaler and a disruption budget', () => {
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(Object.keys(WORKLOADS).sort());
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const container = deployment.spec.template.spec.containers[0];
      expect(container.command).toEqual(['node', workload(name).entry]);
      expect(container.readinessProbe?.httpGet).toBeDefined();
      expect(container.livenessProbe?.httpGet).toBeDefined();
      expect(Object.keys(container.resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(container.resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
      const service = ofKind('Service').find((candidate) => candidate.metadata.name === name);
      expect(service?.spec.selector).toEqual(deployment.spec.selector?.matchLabels);
      expect(service?.spec.ports[0].targetPort).toBe(container.ports[0].name);
      expect(ofKind('HorizontalPodAutoscaler').find((hpa) => hpa.spec.scaleTargetRef.name === name)).toBeDefined();
      expect(ofKind('PodDisruptionBudget').find((pdb) => pdb.metadata.name === name)?.spec.selector).toEqual(deployment.spec.selector);
      expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    }
  });

  it('probes the services on /ready and /health, and the gateway on its own liveness', () => {
    for (const deployment of deployments) {
      const container = deployment.spec.template.spec.containers[0];
      const paths = [container.readinessProbe?.httpGet?.path, container.livenessProbe?.httpGet?.path];
      expect(paths).toEqual(deployment.metadata.name === 'gateway' ? ['/live', '/live'] : ['/ready', '/health']);
    }
  });

  it('gives every workload the settings its config requires, with the listening port and service URLs right', () => {
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const { schema } = workload(name);
      const settings = settingsOf(deployment);
      expect([name, ...settings.keys()]).toEqual(expect.arrayContaining([name, ...mustBeSet(schema)]));
      expect(settings.get('HOST')).toBe('0.0.0.0');
      expect(Number(settings.get('PORT'))).toBe(deployment.spec.template.spec.containers[0].ports[0].containerPort);
      for (const target of ROUTED_SERVICES.filter((service) => serviceUrlKey(service) in schema.shape)) {
        const url = new URL(settings.get(serviceUrlKey(target)) ?? 'http://unset');
        expect(`${name} → ${url.hostname}:${url.port}`).toBe(`${name} → ${target}:${servicePorts.get(target)}`);
      }
    }
  });

  it('sets no variable that no app reads', () => {
    const known = new Set(Object.values(WORKLOADS).flatMap(({ schema }) => Object.keys(schema.shape)));
    const given = [
      ...[...configMaps.values()].flatMap((data) => Object.keys(data)),
      ...['portal-platform', 'portal-auth', 'portal-billing', 'portal-notifications'].flatMap(secretKeys),
      ...deployments.flatMap((deployment) => (deployment.spec.template.spec.containers[0].env ?? []).map((variable) => variable.name)),
    ];
    expect(given.filter((key) => !known.has(key))).toEqual([]);
  });

  it('routes the Ingress to the gateway', () => {
    const ingresses = ofKind('Ingress');
    expect(ingresses).toHaveLength(1);
    expect(ingresses[0]?.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
  });
});
