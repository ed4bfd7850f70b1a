/** A search term as a literal pattern, so a user's `.*` matches only a dot and a star. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
