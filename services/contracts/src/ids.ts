import { z } from 'zod';

/** Ids of our documents (MongoDB ObjectIds) as they travel in paths and bodies. */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/i;

export const isObjectId = (id: string) => OBJECT_ID_PATTERN.test(id);

export const objectIdSchema = (message: string) => z.string().regex(OBJECT_ID_PATTERN, message);
