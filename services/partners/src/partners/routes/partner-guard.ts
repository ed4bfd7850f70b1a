import { requirePartner, type Authenticated, type CheckingHandler, type RouteParams, type TokenVerifier } from '@portal/platform';
import type { PartnerRecord } from '../domain/ports';
import type { PartnersUseCases } from '../domain/partners.use-cases';

export type WithPartner = Authenticated & { partner: PartnerRecord };

/** A partner area's call: a partner token with a second factor, for a partner that is active. */
export function partnerGuards(verifyToken: TokenVerifier, partners: Pick<PartnersUseCases, 'acting'>) {
  const acting: CheckingHandler<RouteParams, unknown, unknown, WithPartner> = async (_req, res, next) => {
    res.locals.partner = await partners.acting(res.locals.auth.partnerId!);
    next();
  };
  return [requirePartner(verifyToken), acting] as const;
}
export type PartnerGuards = ReturnType<typeof partnerGuards>;
