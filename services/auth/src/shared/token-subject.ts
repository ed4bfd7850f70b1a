import { consentClaimOf, type ConsentClaims } from '@portal/contracts';
import type { UserRecord } from './ports';

type Person = Pick<UserRecord, 'id' | 'email' | 'consent' | 'personalInfo' | 'isGoogleUser'>;

/**
 * An account made with Google skipped sign-up's age step (18 to 120), so it gives its age at the
 * consent gate before it is used. An e-mail account was asked on the form; the API's
 * optional personalInfo (the spec's register call) is left as the spec has it.
 */
export const ageToGive = (user: Pick<UserRecord, 'personalInfo' | 'isGoogleUser'>): boolean => user.isGoogleUser && !user.personalInfo.age;

/**
 * Who a user token names, with what the services need to hold the consent gate: the versions the
 * person accepted, and whether their age is still to be given; `amr`, how they signed in, goes on
 * to the tokens that replace it, so a session that showed a second factor keeps showing it.
 */
export const userTokenSubject = (user: Person, amr?: readonly string[]): { id: string; email: string; amr?: string[] } & ConsentClaims => ({
  id: user.id,
  email: user.email,
  pol: consentClaimOf(user.consent),
  ...(ageToGive(user) ? { age: false as const } : {}),
  ...(amr?.length ? { amr: [...amr] } : {}),
});
