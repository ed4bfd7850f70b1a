import type { PhonePeStandIn } from '../stand-ins/phonepe';
export function paymentSettings(
  env: NodeJS.ProcessEnv,
  gatewayUrl: string,
  options?: { now?: () => number },
): Promise<{ standIn?: PhonePeStandIn; env: Record<string, string>; stop(): Promise<void> }>;
