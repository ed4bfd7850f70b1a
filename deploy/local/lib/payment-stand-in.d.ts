import type { PhonePeStandIn } from '../stand-ins/phonepe';
export function paymentSettings(
  env: NodeJS.ProcessEnv,
  gatewayUrl: string,
): Promise<{ standIn?: PhonePeStandIn; env: Record<string, string>; stop(): Promise<void> }>;
