/** Whose billing a call is about: the signed-in person's own (null), or a firm's they manage. */
export type FirmScope = string | null;

/** The query that names a firm's billing on every billing call. */
export const firmParams = (firmId: FirmScope) => (firmId ? { params: { firmId } } : undefined);
