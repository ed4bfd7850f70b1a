export interface Mailpit {
  smtpUrl: string;
  inboxUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
}
export function ensureMailpit(): string;
export function startMailpit(options: { dataDir: string; quiet?: boolean; anyPorts?: boolean }): Promise<Mailpit>;
