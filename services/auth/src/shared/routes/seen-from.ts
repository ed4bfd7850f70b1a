import type { Request, Response } from 'express';
import type { PublicUser } from '@portal/contracts';

/**
 * After a sign-in or a sign-up: remembers the browser and e-mails the person about a new one
 * (sign-in's sign-in-device.ts); every route that lets a person in calls it.
 */
export type SeenFrom = (req: Pick<Request, 'headers' | 'ip' | 'socket'>, res: Response, user: PublicUser) => Promise<void>;
