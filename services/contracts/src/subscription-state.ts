// Kept apart from the zod schemas so that the shell can map a status without shipping zod.
type WireStatus = 'none' | 'trial' | 'active' | 'expired' | 'business' | 'professional';

/** What the client works with after mapping the wire value. */
export type ClientSubscriptionState = 'none' | 'trial' | 'active' | 'expired';

export function toClientSubscriptionState(status: WireStatus): ClientSubscriptionState {
  switch (status) {
    case 'active':
    case 'business':
    case 'professional':
      return 'active';
    default:
      return status;
  }
}
