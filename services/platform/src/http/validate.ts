import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest } from '../errors/app-errors';

type Part = 'body' | 'query' | 'params';

/**
 * Parses one part of the request with a contract schema. The parsed value replaces the raw one
 * (unknown keys dropped, values coerced), so handlers only ever see validated data and no
 * request value can reach a database operator unchecked.
 */
export function validate<S extends z.ZodType>(part: Part, schema: S): RequestHandler {
  return (req, _res, next) => {
    const result = schema.safeParse(req[part] ?? {});
    if (!result.success) {
      const details = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw badRequest(details[0]?.message ?? 'Invalid request', details);
    }
    if (part === 'query') {
      // Express 5 exposes req.query as a getter; shadow it with the parsed value.
      Object.defineProperty(req, 'query', { value: result.data, writable: true, configurable: true });
    } else {
      req[part] = result.data;
    }
    next();
  };
}
