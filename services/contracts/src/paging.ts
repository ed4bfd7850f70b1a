import { z } from 'zod';
import { PAGE_SIZE } from './list-sizes';

export { PAGE_SIZE } from './list-sizes';

/** `page` (from 1) and `limit` of a list query: the admin's users and transactions. */
export const pagingShape = {
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(100_000).default(1),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1, 'Limit must be at least 1')
    .max(200, 'Limit must be at most 200')
    .default(PAGE_SIZE),
};

/** One page of a list, with how many rows the whole list holds. */
export interface Paged {
  total: number;
  page: number;
  limit: number;
}
