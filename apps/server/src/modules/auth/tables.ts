import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Captcha answers: single use, short-lived, in the database so any server process can check them. */
export const captchas = pgTable(
  'captchas',
  {
    uuid: uuid('uuid').primaryKey(),
    /** Lower-cased: the comparison ignores case. */
    answer: text('answer').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captchas_expires_at_idx').on(t.expiresAt)],
);
