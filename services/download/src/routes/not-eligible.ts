import type { Request, Response } from 'express';
import { ERROR_CODES, type Eligibility } from '@portal/contracts';

/** 403 with the eligibility itself in the body, as the download page reads it (behaviour.md §7). */
export function sendNotEligible(req: Pick<Request, 'id'>, res: Response, eligibility: Eligibility): void {
  res.status(403).json({ error: ERROR_CODES.forbidden, requestId: req.id, ...eligibility });
}
