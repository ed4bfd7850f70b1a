/**
 * The cached answers one feature refreshes for another (the features import none of each other):
 * a purchase changes what the download page may offer.
 */
export const DOWNLOAD_KEY = ['download'] as const;
