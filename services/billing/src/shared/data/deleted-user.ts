/** What stands for a deleted person's e-mail on the records the law keeps (orders, mandates, TDS). */
export const DELETED_USER_EMAIL = 'deleted-user';
