import { hashApiKey } from '@portal/platform';
import type { AuthKit } from '../shared/auth-kit';
import { apiKeyMirror } from './data/api-key-mirror';
import { apiKeyRepository } from './data/api-key.repository';
import { apiKeyUseCases } from './domain/api-keys.use-cases';
import { apiKeyRoutes } from './routes/api-key.routes';

/** How often every key is written to Redis again, so a Redis that restarted empty knows them within minutes. */
const REPLAY_EVERY_MS = 5 * 60_000;

/** API keys wire themselves: the keys, their mirror in Redis that every service checks, and the person's routes. */
export async function wireApiKeys(kit: AuthKit) {
  const keys = apiKeyRepository(kit.mongo);
  await keys.ready;
  const useCases = apiKeyUseCases({
    keys,
    mirror: apiKeyMirror(kit.redis, kit.prefix),
    hash: hashApiKey,
    securityLog: kit.securityLog,
    now: kit.clock,
  });
  const replay = () =>
    void useCases.replay().catch((error: unknown) => kit.logger.warn({ err: error }, 'API keys could not be written to Redis'));
  replay();
  const timer = setInterval(replay, REPLAY_EVERY_MS);
  timer.unref();
  kit.shutdown.add('api keys', () => clearInterval(timer));
  return { keys: useCases, routes: apiKeyRoutes(useCases, kit.verifyToken) };
}
