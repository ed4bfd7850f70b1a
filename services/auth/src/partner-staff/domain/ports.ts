export interface StaffMember {
  userId: string;
  partnerId: string;
  email: string;
  addedAt: Date;
}

export interface PartnerStaffStore {
  find(userId: string): Promise<StaffMember | null>;
  /** The member as stored: the one given, or the one already there (perhaps another partner's). */
  add(member: StaffMember): Promise<StaffMember | null>;
  remove(userId: string, partnerId: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<void>;
}
