import type { PhoneStandIn } from '../stand-ins/phone';
export function phoneSettings(
  env: NodeJS.ProcessEnv,
  gatewayUrl: string,
): Promise<{ standIn?: PhoneStandIn; env: Record<string, string>; stop(): Promise<void> }>;
