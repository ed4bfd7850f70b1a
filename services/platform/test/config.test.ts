import { z } from 'zod';
import { ConfigError, loadConfig, serviceConfigShape } from '@portal/platform';
import { generateTestKeys } from '@portal/platform/testing';

const schema = z.object(serviceConfigShape({ port: 4999, database: 'portal_example' }));
const { publicKey } = generateTestKeys();

describe('loadConfig', () => {
  it('when every key is valid, then defaults fill the rest', () => {
    const config = loadConfig(schema, { JWT_PUBLIC_KEY: publicKey.replace(/\n/g, '\\n'), SERVICE_SECRET: 'x'.repeat(32) });
    expect(config.PORT).toBe(4999);
    expect(config.MONGODB_DB).toBe('portal_example');
    expect(config.JWT_PUBLIC_KEY).toBe(publicKey);
  });

  it('when several keys are bad, then one error names every one of them', () => {
    let caught: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', MONGODB_URI: 'postgres://x', SERVICE_SECRET: 'short' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.badKeys.sort()).toEqual(['JWT_PUBLIC_KEY', 'MONGODB_URI', 'PORT', 'SERVICE_SECRET']);
    expect(error.message).toContain('MONGODB_URI: must be a mongodb:// URI');
    expect(error.message).toContain('SERVICE_SECRET: must be at least 32 characters');
  });

  it('when a key is set to an empty value, then it counts as unset: the default applies, or it is named as missing', () => {
    const config = loadConfig(schema, { JWT_PUBLIC_KEY: publicKey, SERVICE_SECRET: 'x'.repeat(32), MONGODB_DB: '', PORT: '' });
    expect(config.MONGODB_DB).toBe('portal_example');
    expect(config.PORT).toBe(4999);
    expect(() => loadConfig(schema, { JWT_PUBLIC_KEY: '', SERVICE_SECRET: 'x'.repeat(32) })).toThrow(/JWT_PUBLIC_KEY/);
  });
});
