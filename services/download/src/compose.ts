import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { EVENT_QUEUES } from '@portal/contracts';
import {
  connectInfrastructure,
  consumeUserDeleted,
  createAuditPublisher,
  createEventPublisher,
  createInternalClient,
  createServiceApp,
  createServiceCredential,
  mongoReadiness,
  redisReadiness,
  type AuditPublisher,
  type ServiceRuntime,
} from '@portal/platform';
import { billingSubscriptionClient } from './clients/billing.client';
import type { Config } from './config';
import { downloadRepository } from './data/download.repository';
import { localReleaseStorage } from './data/local-release-storage';
import { tusUploads } from './data/tus-uploads';
import { releaseRepository } from './data/release.repository';
import { channelPolicyRepository } from './data/channel-policy.repository';
import { releaseSteeringUseCases } from './domain/release-steering.use-cases';
import { channelAnnouncements } from './domain/channel-announcements';
import { downloadUseCases } from './domain/downloads.use-cases';
import { updateUseCases } from './domain/updates.use-cases';
import { releaseUseCases } from './domain/releases.use-cases';
import { releaseUploadUseCases } from './domain/release-uploads.use-cases';
import { adminReleaseRoutes } from './routes/admin-release.routes';
import { downloadRoutes } from './routes/download.routes';
import { internalRoutes } from './routes/internal.routes';
import { releaseUploadRoutes } from './routes/release-upload.routes';

/** What a test may replace; production passes none. */
export interface DownloadOverrides {
  /** The clock that dates links and downloads. */
  now?: () => Date;
}

/** The release catalogue and its use cases, shared by the HTTP app and the publish command. */
export async function releaseCatalogue(deps: {
  mongo: Connection;
  audit: AuditPublisher;
  settings: Pick<Config, 'RELEASES_DIR' | 'MAX_INSTALLER_BYTES'>;
}) {
  const storage = localReleaseStorage(deps.settings.RELEASES_DIR);
  const store = releaseRepository(deps.mongo);
  await store.ready;
  return { store, releases: releaseUseCases(store, storage, deps.settings.MAX_INSTALLER_BYTES, deps.audit) };
}

/**
 * Download's composition root, the one place it is wired: connections, the billing client, the
 * release catalogue, use cases, routes and the `user.deleted` consumer. index.ts calls it, and so
 * do the tests, with their own configuration.
 */
export async function compose(settings: Config, runtime: ServiceRuntime, { now }: DownloadOverrides = {}) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(settings, runtime);
  const { logger, shutdown } = runtime;
  const connection = { redisUrl: settings.REDIS_URL, prefix: settings.REDIS_PREFIX };
  const audit = createAuditPublisher('download', connection, logger);
  shutdown.add('audit', () => audit.close());
  const billing = createInternalClient({
    baseURL: settings.BILLING_URL,
    credential: createServiceCredential('download', settings.SERVICE_SECRET),
  });
  const { store, releases } = await releaseCatalogue({ mongo, audit, settings });
  const downloadStore = downloadRepository(mongo);
  const policies = channelPolicyRepository(mongo);
  await Promise.all([downloadStore.ready, policies.ready]);
  const toBilling = createEventPublisher(EVENT_QUEUES.billing, connection, logger);
  shutdown.add('billing events', () => toBilling.close());
  const channels = channelAnnouncements(policies, (name, event) => toBilling.publish(name, event));
  await channels.replay();
  const replaying = setInterval(() => void channels.replay(), settings.CHANNEL_REPLAY_EVERY_MS).unref();
  shutdown.add('channel replay', async () => clearInterval(replaying));
  const steering = releaseSteeringUseCases({ store, catalogue: releases, policies, audit, onChannelChanged: channels.announce, now });
  const tus = tusUploads(settings.RELEASES_DIR, settings.MAX_INSTALLER_BYTES, (error) =>
    logger.warn({ err: error }, 'expired installer uploads could not be swept'),
  );
  shutdown.add('uploads', async () => tus.close());
  const downloads = downloadUseCases({
    subscriptions: billingSubscriptionClient(billing),
    downloads: downloadStore,
    releases: store,
    serviceSecret: settings.SERVICE_SECRET,
    linkLifetimeSeconds: settings.DOWNLOAD_LINK_TTL_SECONDS,
    now,
  });
  const app: Express = createServiceApp({
    name: 'download',
    logger,
    bodyLimit: settings.BODY_LIMIT,
    readiness: [mongoReadiness(mongo), redisReadiness(redis)],
    routes: (router) => {
      router.use(downloadRoutes({ releases, downloads, updates: updateUseCases(releases, downloads, policies), verifyToken }));
      router.use(releaseUploadRoutes(releaseUploadUseCases(tus.uploads, releases), tus.handle, steering, verifyToken));
      router.use(adminReleaseRoutes(releases, steering, verifyToken));
      router.use(internalRoutes(downloads, settings.SERVICE_SECRET));
    },
  });
  const events = consumeUserDeleted(EVENT_QUEUES.download, connection, downloads.deleteUser, logger);
  shutdown.add('events', () => events.close());
  return { app, downloads, releases };
}
