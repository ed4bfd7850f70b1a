import { z } from 'zod';

export class ConfigError extends Error {
  constructor(
    public readonly badKeys: string[],
    detail: string,
  ) {
    super(`Invalid configuration: ${detail}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once at start-up. Every bad key is reported together, so a
 * misconfigured deployment is fixed in one round rather than one key at a time.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // `KEY=` in an env file, or compose's `${KEY:-}`, means "not set": the default or the
  // "required" message applies, rather than an empty value failing its format rule.
  const setKeys = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(setKeys);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const keys = [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
  throw new ConfigError(keys, lines.join('; '));
}
