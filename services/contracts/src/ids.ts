import { z } from 'zod';

/** Ids of our documents (MongoDB ObjectIds) as they travel in paths and bodies. */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/i;

export const isObjectId = (id: string) => OBJECT_ID_PATTERN.test(id);

/** An id of the wrong type (an object where a string belongs: an operator) is as malformed as a wrong string. */
export const objectIdSchema = (message: string) => z.string({ error: message }).regex(OBJECT_ID_PATTERN, message);
