// How much the admin's lists show, apart from the schemas that check a query against it, so that
// the admin's pages can size their requests without shipping zod.

/** Rows an admin list shows at a time unless it asks for another number. */
export const PAGE_SIZE = 50;

/** The admin's transactions tab and export cover this many Indian days by default, today included. */
export const TRANSACTIONS_DEFAULT_DAYS = 30;

/** The most feedback items one list answers (behaviour.md §9). */
export const FEEDBACK_LIST_LIMIT = 100;
