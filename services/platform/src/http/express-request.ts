import type { AuthContext } from '../auth/token-verifier';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id: string;
      auth?: AuthContext;
      callerService?: string;
    }
  }
}
export {};
