import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest } from '../errors/app-errors';

/** Express's route parameters before a schema has named them. */
export type RouteParams = Record<string, string>;
/**
 * A handler that checks one part of a request and says so in its type. Express infers one
 * request type for all the handlers of a route, so the handler after `validate('body', schema)`
 * sees `req.body` as the schema's output; the parts nothing checked stay `unknown`.
 */
export type CheckingHandler<
  Params = RouteParams,
  Body = unknown,
  Query = unknown,
  Locals extends object = Record<never, never>,
> = RequestHandler<Params, unknown, Body, Query, Locals>;

type Part = 'body' | 'query' | 'params';

/**
 * Parses one part of the request with a contract schema. The parsed value replaces the raw one
 * (unknown keys dropped, values coerced), so handlers only ever see validated data and no
 * request value can reach a database operator unchecked.
 */
export function validate<S extends z.ZodType>(part: 'body', schema: S): CheckingHandler<RouteParams, z.output<S>>;
export function validate<S extends z.ZodType>(part: 'query', schema: S): CheckingHandler<RouteParams, unknown, z.output<S>>;
export function validate<S extends z.ZodType<RouteParams>>(part: 'params', schema: S): CheckingHandler<z.output<S>>;
export function validate(part: Part, schema: z.ZodType): CheckingHandler {
  return (req, _res, next) => {
    const result = schema.safeParse(req[part] ?? {});
    if (!result.success) {
      const details = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw badRequest(details[0]?.message ?? 'Invalid request', details);
    }
    // Defined rather than assigned: Express 5 exposes req.query as a getter, which this shadows.
    Object.defineProperty(req, part, { value: result.data, writable: true, configurable: true, enumerable: true });
    next();
  };
}
