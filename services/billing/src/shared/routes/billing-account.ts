import { billingAccountQuerySchema, canManageFirm, FIRM_MESSAGES } from '@portal/contracts';
import { badRequest, forbidden, notFound } from '@portal/platform/errors';
import {
  requireUser,
  requireUserOrApiKey,
  type ApiKeyVerifier,
  type Authenticated,
  type CheckingHandler,
  type RouteParams,
  type TokenVerifier,
} from '@portal/platform';
import type { ApiKeyScope } from '@portal/contracts';
import type { BillingAccount, FirmDirectory } from '../ports';

export type WithAccount = Authenticated & { account: BillingAccount };

/**
 * Whose billing the call is about, after `requireUser`: the person's own, or with `?firmId=` a
 * firm's, whose records billing keeps under the firm's id. The read model of auth's
 * firms says whether the caller belongs to the firm: any member may `see` its plan;
 * only its owner and admins `manage` its billing. An outsider is told the firm does not exist, as auth's own firm calls do.
 */
export function billingAccount(firms: FirmDirectory, permission: 'see' | 'manage' = 'manage') {
  const resolve: CheckingHandler<RouteParams, unknown, unknown, WithAccount> = async (req, res, next) => {
    const parsed = billingAccountQuerySchema.safeParse(req.query ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Malformed firm id');
    const { userId, email } = res.locals.auth;
    const { firmId } = parsed.data;
    if (!firmId) {
      res.locals.account = { id: userId, email, firm: null };
      return next();
    }
    res.locals.account = await firmAccount(firms, firmId, { userId, email }, permission);
    next();
  };
  return resolve;
}

/**
 * A firm's billing for one of its people: any member may `see` its plan; only its owner and admins
 * `manage` its billing. An outsider is told the firm does not exist, as auth's own firm calls do.
 */
export async function firmAccount(
  firms: FirmDirectory,
  firmId: string,
  { userId, email }: { userId: string; email: string },
  permission: 'see' | 'manage',
): Promise<BillingAccount> {
  const member = await firms.membership(firmId, userId, permission === 'manage' ? canManageFirm : undefined);
  if (!member) throw notFound(FIRM_MESSAGES.notFound);
  if (permission === 'manage' && !canManageFirm(member.role)) throw forbidden(FIRM_MESSAGES.notAllowed);
  return { id: firmId, email, firm: { ...member.firm, role: member.role, members: member.members } };
}

/** The guards of a customer's billing call: a person's token, then whose billing it is. */
export function accountGuards(verifyToken: TokenVerifier, firms: FirmDirectory, verifyApiKey: ApiKeyVerifier) {
  const user = requireUser(verifyToken);
  return {
    /** Any member of the firm: its plan, as the members' pages show it. */
    see: [user, billingAccount(firms, 'see')] as const,
    /** The firm's owner and admins: its billing. */
    manage: [user, billingAccount(firms, 'manage')] as const,
    /** The same, where a read-only API key with `scope` stands for its owner's token. */
    readBy(scope: ApiKeyScope) {
      const caller = requireUserOrApiKey(verifyToken, verifyApiKey, scope);
      return { see: [caller, billingAccount(firms, 'see')] as const, manage: [caller, billingAccount(firms, 'manage')] as const };
    },
  };
}
export type AccountGuards = ReturnType<typeof accountGuards>;
