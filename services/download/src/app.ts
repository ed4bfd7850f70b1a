import type { Express } from 'express';
import { createServiceApp, mongoReadiness, redisReadiness, type Infrastructure, type Logger, type AuditPublisher } from '@portal/platform';
import type { Config } from './config';
import { downloadRepository } from './data/download.repository';
import { localReleaseStorage } from './data/local-release-storage';
import { releaseRepository } from './data/release.repository';
import { downloadUseCases } from './domain/downloads.use-cases';
import type { SubscriptionReader } from './domain/ports';
import { releaseUseCases } from './domain/releases.use-cases';
import { adminReleaseRoutes } from './routes/admin-release.routes';
import { downloadRoutes } from './routes/download.routes';
import { internalRoutes } from './routes/internal.routes';

export type DownloadSettings = Pick<
  Config,
  'SERVICE_SECRET' | 'BODY_LIMIT' | 'RELEASES_DIR' | 'DOWNLOAD_LINK_TTL_SECONDS' | 'MAX_INSTALLER_BYTES'
>;

export interface AppDeps extends Infrastructure {
  logger: Logger;
  settings: DownloadSettings;
  subscriptions: SubscriptionReader;
  audit: AuditPublisher;
  now?: () => Date;
}

/** The release catalogue and its use cases, shared by the HTTP app and the publish command. */
export async function releaseCatalogue(deps: {
  mongo: AppDeps['mongo'];
  audit: AuditPublisher;
  settings: Pick<DownloadSettings, 'RELEASES_DIR' | 'MAX_INSTALLER_BYTES'>;
}) {
  const storage = localReleaseStorage(deps.settings.RELEASES_DIR);
  const store = releaseRepository(deps.mongo);
  await store.ready;
  return { storage, releases: releaseUseCases(store, storage, deps.settings.MAX_INSTALLER_BYTES, deps.audit) };
}

export async function createApp(deps: AppDeps) {
  const { mongo, redis, verifyToken, logger, settings } = deps;
  const { storage, releases } = await releaseCatalogue(deps);
  const downloadStore = downloadRepository(mongo);
  await downloadStore.ready;
  const downloads = downloadUseCases({
    subscriptions: deps.subscriptions,
    downloads: downloadStore,
    serviceSecret: settings.SERVICE_SECRET,
    linkLifetimeSeconds: settings.DOWNLOAD_LINK_TTL_SECONDS,
    now: deps.now,
  });
  const app: Express = createServiceApp({
    name: 'download',
    logger,
    bodyLimit: settings.BODY_LIMIT,
    readiness: [mongoReadiness(mongo), redisReadiness(redis)],
    routes: (router) => {
      router.use(downloadRoutes({ releases, downloads, storage, verifyToken }));
      router.use(adminReleaseRoutes(releases, verifyToken));
      router.use(internalRoutes(downloads, settings.SERVICE_SECRET));
    },
  });
  return { app, downloads, releases };
}
