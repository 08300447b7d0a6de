import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { cachedValue } from './config-cache.js';
import { sysConfig } from './tables.js';

/** Built-in keys of the system configuration. */
export const CONFIG_KEYS = {
  captchaEnabled: 'sys.account.captchaEnabled',
  /** 'false' switches invited self-registration (/register) off. */
  registerUser: 'sys.account.registerUser',
  /** 'false' switches single sign-on (every identity provider, /auth-redirect and /bind) off. */
  ssoEnabled: 'sys.account.ssoEnabled',
  /** SMTP server of e-mail notifications (JSON; written only through /system/config/smtp, see smtp.ts). */
  smtp: 'sys.notification.smtp',
} as const;

/**
 * A setting's value, or undefined when the key is not configured. Not tenant data: no scope. Read through
 * this process's 30 s cache (config-cache.ts): writes through /system/config take effect at once, a change
 * made behind the API after at most 30 s or DELETE /system/config/clearCache.
 */
export async function getConfigValue(db: Db, key: string): Promise<string | undefined> {
  return cachedValue(db, key, () => readConfigValue(db, key));
}

/** The stored value, bypassing the cache. */
export async function readConfigValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, key))
    .limit(1);
  return row?.value;
}
