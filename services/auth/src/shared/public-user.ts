import { DEFAULT_COUNTRY, type PublicUser } from '@portal/contracts';
import type { StoredPersonalInfo, UserRecord } from './ports';

/**
 * Profile completion counts ten fields a practitioner's profile should have: first and last
 * name, age, gender, mobile number, occupation, and street, city, state and pincode.
 * Organization is left out (many practitioners work on their own). `profileComplete` means the
 * personal details and the address are all there: age, gender, mobile and a full address.
 */
export function profileCompletionPercentage(user: Pick<UserRecord, 'firstName' | 'lastName' | 'personalInfo'>): number {
  const info = user.personalInfo;
  const fields = [
    user.firstName,
    user.lastName,
    info.age,
    info.gender,
    info.mobileNumber,
    info.occupation,
    info.address?.street,
    info.address?.city,
    info.address?.state,
    info.address?.pincode,
  ];
  const filled = fields.filter((value) => value !== undefined && value !== null && value !== '').length;
  return Math.round((filled / fields.length) * 100);
}

export function isProfileComplete(info: StoredPersonalInfo): boolean {
  return Boolean(
    info.age && info.gender && info.mobileNumber && info.address?.street && info.address.city && info.address.state && info.address.pincode,
  );
}

/** 'ravi.kumar_12@x.in' → 'Ravi Kumar 12'. */
export function prettifyEmailLocalPart(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function toPublicUser(user: UserRecord): PublicUser {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return {
    _id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: fullName || prettifyEmailLocalPart(user.email),
    picture: user.picture,
    isGoogleUser: user.isGoogleUser,
    createdAt: user.createdAt.toISOString(),
    personalInfo: {
      ...user.personalInfo,
      ...(user.personalInfo.address ? { address: { ...user.personalInfo.address, country: DEFAULT_COUNTRY } } : {}),
      profileComplete: isProfileComplete(user.personalInfo),
    },
    profileCompletionPercentage: profileCompletionPercentage(user),
    consent: user.consent && {
      terms: user.consent.terms,
      privacy: user.consent.privacy,
      acceptedAt: user.consent.acceptedAt.toISOString(),
    },
  };
}
