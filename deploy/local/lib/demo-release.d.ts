import type { ScriptedAdmin } from './admin-sign-in';
export function seedDemoRelease(gatewayUrl: string, admin: ScriptedAdmin): Promise<string | undefined>;
export function seedDemoReleaseFromShell(
  gatewayUrl: string,
  where: { mongoUri: string; database?: string; releasesDir: string },
): Promise<string | undefined>;
