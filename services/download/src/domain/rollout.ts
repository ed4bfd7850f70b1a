import { createHash } from 'node:crypto';

const BUCKETS_PER_POINT = 100;
const BUCKETS = 100 * BUCKETS_PER_POINT;

/**
 * Whether a staged release is offered to a device, as electron-updater stages its
 * rollouts: a stable hash of the release and the device places the device in one of 10,000
 * buckets, and the release goes to the first `percent` of them. The same device always gets the
 * same answer for a release, raising the percentage only adds devices, and the release's version
 * in the hash spreads the early devices of each release across the fleet.
 */
export function inRollout(version: string, deviceKey: string, percent: number): boolean {
  if (percent >= 100) return true;
  const bucket = createHash('sha256').update(`${version}\n${deviceKey}`).digest().readUInt32BE(0) % BUCKETS;
  return bucket < percent * BUCKETS_PER_POINT;
}
