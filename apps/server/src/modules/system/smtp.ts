import { z } from 'zod';
import type { SmtpSettings, SmtpSettingsBody } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { clearConfigCache } from './config-cache.js';
import { CONFIG_KEYS, getConfigValue, readConfigValue } from './config.js';
import { sysConfig } from './tables.js';

/**
 * The SMTP server e-mail notifications go through (issue 7). One platform-wide setting, kept as JSON under
 * the built-in config key `sys.notification.smtp`; written only through PUT /system/config/smtp (the
 * generic config calls refuse the key), read back without the password. The generic list shows the value
 * with the password masked.
 */
export interface StoredSmtp {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
}

export const SMTP_PASSWORD_MASK = '******';

const storedSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean().catch(false),
  user: z.string().catch(''),
  password: z.string().catch(''),
  from: z.string(),
});

function parse(value: string | undefined): StoredSmtp | null {
  if (!value) return null;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The settings with the password, for sending (cached like every setting, 30 s). */
export async function smtpForSending(db: Db): Promise<StoredSmtp | null> {
  return parse(await getConfigValue(db, CONFIG_KEYS.smtp));
}

function toSettings(stored: StoredSmtp): SmtpSettings {
  const { password, ...rest } = stored;
  return { ...rest, passwordSet: password !== '' };
}

/** GET /system/config/smtp: null when not configured; never the password. */
export async function readSmtpSettings(db: Db): Promise<SmtpSettings | null> {
  const stored = parse(await readConfigValue(db, CONFIG_KEYS.smtp));
  return stored ? toSettings(stored) : null;
}

/** PUT /system/config/smtp: a blank password keeps the stored one. */
export async function saveSmtpSettings(db: Db, body: SmtpSettingsBody): Promise<SmtpSettings> {
  const before = parse(await readConfigValue(db, CONFIG_KEYS.smtp));
  const stored: StoredSmtp = {
    host: body.host,
    port: body.port,
    secure: body.secure,
    user: body.user,
    password: body.password !== '' ? body.password : (before?.password ?? ''),
    from: body.from,
  };
  const value = JSON.stringify(stored);
  const [row] = await db
    .insert(sysConfig)
    .values({
      configName: 'Notification SMTP server',
      configKey: CONFIG_KEYS.smtp,
      configValue: value,
      configType: 'Y',
      remark: 'Set on the system config page (SMTP settings); the password is never shown',
    })
    .onConflictDoUpdate({
      target: sysConfig.configKey,
      set: { configValue: value, updatedAt: new Date() },
    })
    .returning();
  clearConfigCache(db, CONFIG_KEYS.smtp);
  if (!row) throw new AppError(500, 'error.internal');
  return toSettings(stored);
}

/** The value as the generic config list shows it: the password masked. */
export function maskedConfigValue(key: string, value: string): string {
  if (key !== CONFIG_KEYS.smtp) return value;
  const stored = parse(value);
  if (!stored) return value;
  return JSON.stringify({ ...stored, password: stored.password ? SMTP_PASSWORD_MASK : '' });
}

/** Whether a generic config call may write `key` (the SMTP setting only through its own call). */
export function isReservedConfigKey(key: string): boolean {
  return key === CONFIG_KEYS.smtp;
}
