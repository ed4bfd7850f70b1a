import type { AuthKit } from '../shared/auth-kit';
import type { UserStore } from '../shared/ports';
import { partnerStaffRepository } from './data/partner-staff.repository';
import { partnerStaffUseCases } from './domain/partner-staff.use-cases';
import { partnerStaffRoutes } from './routes/partner-staff.routes';

/** Partner staff wire themselves: the role, and the partner token a staff member signs in with. */
export async function wirePartnerStaff(kit: AuthKit, { users }: { users: UserStore }) {
  const staff = partnerStaffRepository(kit.mongo);
  await staff.ready;
  const useCases = partnerStaffUseCases({ staff, users, tokens: kit.tokens, securityLog: kit.securityLog, now: kit.clock });
  return {
    staff: useCases,
    routes: partnerStaffRoutes(useCases, kit.verifyToken, kit.settings.SERVICE_SECRET),
  };
}
