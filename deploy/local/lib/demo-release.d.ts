export function seedDemoRelease(gatewayUrl: string, admin: { email: string; password: string }): Promise<string | undefined>;
