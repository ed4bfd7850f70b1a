import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_ACCESS_MESSAGES, DAY_MS, type AdminListEntry, type AdminRole } from '@portal/contracts';
import { badRequest, conflict, forbidden, notFound } from '@portal/platform/errors';
import type { AuditPublisher, AuthContext } from '@portal/platform';
import type { PasskeyStore } from '../../second-factors';
import type { PasswordHasher, TokenIssuer } from '../../shared/ports';
import { adminSubject } from './admin-second-factor.use-cases';
import type { AdminRecord, AdminStore } from './ports';

export const ADMIN_INVITATION_DAYS = 7;

export interface AdminTeamDeps {
  admins: AdminStore;
  passkeys: Pick<PasskeyStore, 'removeAll'>;
  hasher: PasswordHasher;
  tokens: TokenIssuer;
  audit: AuditPublisher;
  sendInvitation: (invitation: { to: string; role: AdminRole; inviter: string; token: string }) => void;
  /** Serialises the changes that count owners, so two owners cannot demote each other at once. */
  serially: <T>(work: () => Promise<T>) => Promise<T>;
  now: () => Date;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const toEntry = (admin: AdminRecord): AdminListEntry => ({
  id: admin.id,
  email: admin.email,
  role: admin.role,
  state: admin.passwordHash ? 'active' : 'invited',
  secondFactor: admin.totp !== null,
  createdAt: admin.createdAt.toISOString(),
});

/** Another admin, for an owner to change: never the owner themselves, never the last owner away. */
async function otherAdmin(deps: AdminTeamDeps, actor: AuthContext, id: string, { leavesOwners }: { leavesOwners: boolean }) {
  if (actor.userId === id) throw forbidden(ADMIN_ACCESS_MESSAGES.notYourself);
  const admin = await deps.admins.findById(id);
  if (!admin) throw notFound(ADMIN_ACCESS_MESSAGES.adminNotFound);
  if (admin.role === 'owner' && !leavesOwners && (await deps.admins.countOwners()) <= 1) throw conflict(ADMIN_ACCESS_MESSAGES.lastOwner);
  return admin;
}

/** What changed, for the audit log, and the admin's tokens end at once: a role or a removal takes effect on the next call. */
async function changed(deps: AdminTeamDeps, actor: AuthContext, admin: AdminRecord, action: string, before?: unknown, after?: unknown) {
  await deps.tokens.revokeAllFor(admin.id);
  await deps.audit({ actor: actor.email, action, target: adminSubject(admin), before, after });
}

async function invite(deps: AdminTeamDeps, actor: AuthContext, email: string, role: AdminRole) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now().getTime() + ADMIN_INVITATION_DAYS * DAY_MS);
  const admin = await deps.admins.invite({ email, role, tokenHash: tokenHash(token), expiresAt });
  if (!admin) throw conflict(ADMIN_ACCESS_MESSAGES.adminExists);
  deps.sendInvitation({ to: email, role, inviter: actor.email, token });
  await deps.audit({ actor: actor.email, action: 'admin.invited', target: { type: 'admin', id: admin.id, label: email }, after: { role } });
  return { message: ADMIN_ACCESS_MESSAGES.invited(email), admin: toEntry(admin) };
}

async function acceptInvitation(deps: AdminTeamDeps, token: string, password: string) {
  const admin = await deps.admins.acceptInvitation(tokenHash(token), await deps.hasher.hash(password), deps.now());
  if (!admin) throw badRequest(ADMIN_ACCESS_MESSAGES.invitationInvalid);
  await deps.audit({
    actor: admin.email,
    action: 'admin.invitation-accepted',
    target: adminSubject(admin),
  });
  return { message: ADMIN_ACCESS_MESSAGES.invitationAccepted };
}

function changeRole(deps: AdminTeamDeps, actor: AuthContext, id: string, role: AdminRole) {
  return deps.serially(async () => {
    const admin = await otherAdmin(deps, actor, id, { leavesOwners: role === 'owner' });
    if (admin.role === role) return { message: ADMIN_ACCESS_MESSAGES.roleChanged, admin: toEntry(admin) };
    await deps.admins.setRole(id, role);
    await changed(deps, actor, admin, 'admin.role-changed', { role: admin.role }, { role });
    return { message: ADMIN_ACCESS_MESSAGES.roleChanged, admin: toEntry({ ...admin, role }) };
  });
}

function remove(deps: AdminTeamDeps, actor: AuthContext, id: string) {
  return deps.serially(async () => {
    const admin = await otherAdmin(deps, actor, id, { leavesOwners: false });
    if (!(await deps.admins.remove(id))) throw notFound(ADMIN_ACCESS_MESSAGES.adminNotFound);
    await deps.passkeys.removeAll(id);
    await changed(deps, actor, admin, 'admin.removed', { role: admin.role, email: admin.email });
    return { message: ADMIN_ACCESS_MESSAGES.removed };
  });
}

/** A lost phone or key: another owner clears the authenticator and the passkeys, and the admin enrols again at the next sign-in. */
async function resetSecondFactor(deps: AdminTeamDeps, actor: AuthContext, id: string) {
  const admin = await otherAdmin(deps, actor, id, { leavesOwners: true });
  await deps.admins.resetSecondFactor(id);
  await deps.passkeys.removeAll(id);
  await changed(deps, actor, admin, 'admin.second-factor-reset');
  return { message: ADMIN_ACCESS_MESSAGES.secondFactorReset };
}

/** The seller's staff: owners invite admins with a role, change roles and remove them. */
export function adminTeamUseCases(deps: AdminTeamDeps) {
  return {
    list: async () => ({ admins: (await deps.admins.list()).map(toEntry) }),
    invite: (actor: AuthContext, email: string, role: AdminRole) => invite(deps, actor, email, role),
    acceptInvitation: (token: string, password: string) => acceptInvitation(deps, token, password),
    changeRole: (actor: AuthContext, id: string, role: AdminRole) => changeRole(deps, actor, id, role),
    remove: (actor: AuthContext, id: string) => remove(deps, actor, id),
    resetSecondFactor: (actor: AuthContext, id: string) => resetSecondFactor(deps, actor, id),
  };
}
