import type { Express, RequestHandler } from 'express';
import { ERROR_CODES } from '@portal/contracts';
import { AppError } from '../errors/app-errors';

/** What express's router keeps of a route or a mounted router; read, never changed. */
interface RouterLayer {
  slash?: boolean;
  matchers?: ((path: string) => unknown)[];
  route?: { methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

function methodsFor(stack: RouterLayer[], path: string, found: Set<string>): void {
  for (const layer of stack) {
    const matches = layer.slash === true || (layer.matchers ?? []).some((match) => match(path) !== false);
    if (!matches) continue;
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') found.add(method.toUpperCase());
    } else if (layer.slash && layer.handle?.stack) {
      methodsFor(layer.handle.stack, path, found); // routers mounted at the root, as the services mount theirs
    }
  }
}

/**
 * RFC 9110 §15.5.6: a path the service knows, asked with a method it does not take, is 405 with the
 * methods it does take in `Allow`, not 404. Runs where the 404 handler would.
 */
export function methodNotAllowed(app: Express): RequestHandler {
  return (req, _res, next) => {
    const found = new Set<string>();
    // @types/express still describes express 4's layers; RouterLayer is what express 5 keeps.
    methodsFor(app.router.stack as RouterLayer[], req.path, found);
    if (!found.size) return next();
    if (found.has('GET')) found.add('HEAD');
    const allow = [...found].sort().join(', ');
    next(
      new AppError(405, ERROR_CODES.methodNotAllowed, `${req.method} is not allowed here; this path takes ${allow}`, undefined, {
        Allow: allow,
      }),
    );
  };
}
