import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sysConfig } from './tables.js';

/** Built-in keys of the system configuration. */
export const CONFIG_KEYS = {
  captchaEnabled: 'sys.account.captchaEnabled',
} as const;

/** A setting's value, or undefined when the key is not configured. Not tenant data: no scope. */
export async function getConfigValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, key))
    .limit(1);
  return row?.value;
}
