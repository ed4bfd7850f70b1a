import { EVENT_QUEUES } from '@portal/contracts';
import { createEventPublisher, revisionCounter } from '@portal/platform';
import type { AuthKit } from '../shared/auth-kit';
import type { UserStore } from '../shared/ports';
import { firmSeatsRepository } from './data/firm-seats.repository';
import { firmRepository } from './data/firm.repository';
import { firmRequiresSecondFactor } from './domain/firm-access';
import { announcingFirmStore, firmEventsUseCases } from './domain/firm-events.use-cases';
import { firmInvitationMail } from './domain/firm-invitation-mail';
import { firmInvitationUseCases } from './domain/firm-invitation.use-cases';
import type { FirmDeps } from './domain/ports';
import { firmUseCases } from './domain/firm.use-cases';
import { startFirmEvents } from './jobs/firm-events';
import { firmRoutes } from './routes/firm.routes';
import { internalFirmRoutes } from './routes/internal.routes';

/**
 * The firms' store and the seats billing sells them, opened before the capabilities that ask
 * whether a person is a member or whether their firm requires a second factor.
 */
export async function openFirmStores(kit: AuthKit) {
  const firmStore = firmRepository(kit.mongo, kit.claims);
  const firmSeats = firmSeatsRepository(kit.mongo, kit.lock);
  await Promise.all([firmStore.ready, firmSeats.ready]);
  return {
    firmStore,
    firmSeats,
    isMember: async (firmId: string, userId: string) => (await firmStore.membership(firmId, userId)) !== null,
    requiresSecondFactor: (userId: string) => firmRequiresSecondFactor(firmStore, userId),
  };
}

/** What firms ask of the capabilities beside them, as ports compose.ts fills. */
export interface FirmPorts {
  users: UserStore;
  onMemberGone: FirmDeps['onMemberGone'];
}

/**
 * Firms wire themselves: their people and invitations, and the events that tell billing who is in
 * each firm (published with a revision, replayed on a schedule) and read its seats back.
 */
export async function wireFirms(kit: AuthKit, { firmStore, firmSeats }: Awaited<ReturnType<typeof openFirmStores>>, ports: FirmPorts) {
  const { connection, logger, shutdown, settings, redis, prefix, clock, mail, mailFailed, verifyToken } = kit;
  const toBilling = createEventPublisher(EVENT_QUEUES.billing, connection, logger);
  shutdown.add('firm events to billing', () => toBilling.close());
  const firmEvents = firmEventsUseCases({
    firms: firmStore,
    seats: firmSeats,
    publish: toBilling.publish,
    nextRevision: revisionCounter(redis, `${prefix}auth:firm-revision`).next,
    now: clock,
  });
  const firmQueues = await startFirmEvents(firmEvents, connection, logger, settings.FIRM_REPLAY_EVERY_MS);
  shutdown.add('firm queues', () => firmQueues.close());
  const announcedFirms = announcingFirmStore(firmStore, firmEvents.announce);
  const seatsOf = firmEvents.seatsOf;
  const firms = firmUseCases({ firms: announcedFirms, users: ports.users, seatsOf, onMemberGone: ports.onMemberGone, now: clock });
  const firmInvitations = firmInvitationUseCases({
    firms: announcedFirms,
    users: ports.users,
    seatsOf,
    sendInvitation: firmInvitationMail(mail, settings.PUBLIC_URL, mailFailed('firm invitation')),
    now: clock,
  });
  return {
    firms,
    firmEvents,
    routes: {
      firm: firmRoutes(firms, firmInvitations, verifyToken),
      internal: internalFirmRoutes(firms, firmEvents.state, settings.SERVICE_SECRET),
    },
  };
}
