export interface ScriptedAdmin {
  email: string;
  password: string;
  totpSecret?: string;
  recoveryCodes?: string[];
  lastStep?: number;
}
export function nextProof(admin: ScriptedAdmin): Promise<{ code: string } | { recoveryCode: string }>;
export function signInAdmin(
  baseUrl: string,
  admin: ScriptedAdmin,
): Promise<{ token: string; user: { email: string; role: string }; recoveryCodes?: string[]; message?: string }>;
