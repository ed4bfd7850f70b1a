import { withRedisLock } from '@portal/platform';
import type { AttributionUseCases } from '../attribution';
import type { PartnerGuards, PartnersUseCases } from '../partners';
import type { PartnersKit } from '../shared/partners-kit';
import { ledgerRepository } from './data/ledger.repository';
import { statementCsv } from './documents/statement-csv';
import { statementPdf } from './documents/statement-pdf';
import { statementRepository } from './data/statement.repository';
import { ledgerUseCases } from './domain/ledger.use-cases';
import { statementUseCases } from './domain/statements.use-cases';
import { startCommissionJobs } from './jobs/commission-jobs';
import { commissionRoutes } from './routes/commission.routes';

/** Commission wires itself: the ledger billing's events feed, the statements, the payouts, and their jobs. */
export async function wireCommission(
  kit: PartnersKit,
  below: { partners: PartnersUseCases; guards: PartnerGuards; attribution: AttributionUseCases },
) {
  const { mongo, redis, settings, logger, now } = kit;
  const stored = ledgerRepository(mongo);
  const issued = statementRepository(mongo);
  await Promise.all([stored.ready, issued.ready]);
  const { partners, attribution } = below;
  const ledger = ledgerUseCases({
    ledger: stored,
    customerOf: attribution.customerOf,
    async activeTier(partnerId) {
      const partner = await partners.find(partnerId);
      return partner?.status === 'active' ? partner.tier : null;
    },
    rateFor: partners.rateFor,
    logger,
  });
  const statements = statementUseCases({
    ledger: stored,
    statements: issued,
    partners: async () => (await partners.list()).map(({ id, legalName, gstin, pan }) => ({ id, legalName, gstin, pan })),
    exclusive: (partnerId, work) =>
      withRedisLock(redis, `${settings.REDIS_PREFIX}partners:statements:${partnerId}`, work, { ttlMs: 30_000 }),
    statementDay: settings.STATEMENT_DAY,
    render: { csv: statementCsv, pdf: (statement, lines) => statementPdf(statement, lines, settings.SELLER_NAME) },
    logger,
    now,
  });
  return {
    ledger,
    statements,
    routes: [commissionRoutes({ ledger, statements }, kit.verifyToken, below.guards)],
    start: (onUserDeleted: (userId: string) => Promise<unknown>) =>
      startCommissionJobs({ ledger, statements }, onUserDeleted, {
        connection: kit.connection,
        logger,
        checkEveryMs: settings.STATEMENT_CHECK_MS,
      }),
  };
}
