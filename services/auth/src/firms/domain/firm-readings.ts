import { FIRM_MESSAGES, type FirmDetails, type FirmSummary } from '@portal/contracts';
import type { InternalFirmsAnswer, InternalUserFirmsAnswer, InternalUserFirmsLookupAnswer } from '@portal/contracts/internal';
import { notFound } from '@portal/platform/errors';
import { requireFirmRole } from './firm-access';
import type { FirmDeps, FirmStore, MembershipRecord } from './ports';

const iso = (date: Date) => date.toISOString();

/** What a person, another service or the admin reads of the firms; nothing here changes one. */
export function firmReadings(deps: Pick<FirmDeps, 'firms' | 'seatsOf' | 'now'>) {
  const { firms } = deps;
  return {
    listMine: async (userId: string): Promise<FirmSummary[]> => summaries(firms, await firms.membershipsOf(userId)),
    firmsOfMany: (userIds: string[]) => firmsOfMany(firms, userIds),
    adminPage: (page: number, limit: number) => adminPage(firms, page, limit),
    firmsOf: (userId: string) => firmsOf(firms, userId),
    details: (firmId: string, userId: string) => details(deps, firmId, userId),
  };
}

async function summaries(firms: FirmStore, memberships: MembershipRecord[]): Promise<FirmSummary[]> {
  const byId = new Map((await firms.findMany(memberships.map((m) => m.firmId))).map((firm) => [firm.id, firm]));
  return memberships.flatMap(({ firmId, role }) => {
    const firm = byId.get(firmId);
    return firm ? [{ id: firm.id, name: firm.name, role }] : [];
  });
}

/** The firms of many people, for the admin's users export; people in no firm are left out. */
async function firmsOfMany(firms: FirmStore, userIds: string[]): Promise<InternalUserFirmsLookupAnswer> {
  const memberships = await firms.membershipsOfMany(userIds);
  const names = new Map((await firms.findMany([...new Set(memberships.map((m) => m.firmId))])).map((firm) => [firm.id, firm.name]));
  const answer: InternalUserFirmsLookupAnswer = { firms: {} };
  for (const { userId, firmId, role } of memberships) {
    const name = names.get(firmId);
    if (name) (answer.firms[userId] ??= []).push({ id: firmId, name, role });
  }
  return answer;
}

/** A page of every firm with its people, newest first, for the admin's Firms tab. */
async function adminPage(firms: FirmStore, page: number, limit: number): Promise<InternalFirmsAnswer> {
  const { firms: found, total } = await firms.page((page - 1) * limit, limit);
  const people = await firms.membersOfMany(found.map((firm) => firm.id));
  return {
    firms: found.map((firm) => ({
      id: firm.id,
      name: firm.name,
      createdAt: firm.createdAt.toISOString(),
      members: people
        .filter((member) => member.firmId === firm.id)
        .sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0))
        .map(({ userId, name, email, role }) => ({ userId, name, email, role })),
    })),
    total,
  };
}

/** The person's firms, for the plan they draw on as a member: each with its owner's name. */
async function firmsOf(firms: FirmStore, userId: string): Promise<InternalUserFirmsAnswer> {
  const memberships = await firms.membershipsOf(userId);
  const found = await firms.findMany(memberships.map((membership) => membership.firmId));
  const owners = await Promise.all(found.map((firm) => firms.membership(firm.id, firm.ownerId)));
  return {
    firms: found.flatMap((firm, index) => {
      const membership = memberships.find((candidate) => candidate.firmId === firm.id);
      if (!membership) return [];
      const owner = owners[index];
      return [
        {
          id: firm.id,
          name: firm.name,
          role: membership.role,
          managedBy: owner?.name || owner?.email || '',
          seat: (membership.seat ?? 0) + 1,
        },
      ];
    }),
  };
}

/** The firm as its page shows it; the pending invitations only to those who manage it. */
async function details(
  { firms, seatsOf, now }: Pick<FirmDeps, 'firms' | 'seatsOf' | 'now'>,
  firmId: string,
  userId: string,
): Promise<FirmDetails> {
  const { role } = await requireFirmRole(firms, firmId, userId, 'see');
  const manages = role !== 'member';
  const [firm, members, seats, invitations] = await Promise.all([
    firms.find(firmId),
    firms.members(firmId),
    seatsOf(firmId),
    manages ? firms.pendingInvitations(firmId, now()) : Promise.resolve([]),
  ]);
  if (!firm) throw notFound(FIRM_MESSAGES.notFound);
  const owner = members.find((member) => member.userId === firm.ownerId);
  return {
    id: firm.id,
    name: firm.name,
    role,
    owner: { userId: firm.ownerId, email: owner?.email ?? '', name: owner?.name ?? '' },
    seats: { bought: seats.seats, used: members.length },
    members: members.map((member) => ({
      userId: member.userId,
      email: member.email,
      name: member.name,
      role: member.role,
      joinedAt: iso(member.joinedAt),
    })),
    ...(manages && {
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        invitedBy: invitation.invitedBy,
        createdAt: iso(invitation.createdAt),
        expiresAt: iso(invitation.expiresAt),
      })),
    }),
    requireSecondFactor: firm.requireSecondFactor,
    createdAt: iso(firm.createdAt),
  };
}
