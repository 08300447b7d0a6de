import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { CONFIG_KEYS, getConfigValue } from '../system/index.js';
import { captchas } from './tables.js';

export const CAPTCHA_TTL_MS = 2 * 60_000;

/** On unless CAPTCHA_ENABLED=false or the system config `sys.account.captchaEnabled` is 'false'. */
export async function isCaptchaEnabled(db: Db, envEnabled: boolean): Promise<boolean> {
  if (!envEnabled) return false;
  const value = await getConfigValue(db, CONFIG_KEYS.captchaEnabled);
  return value?.trim().toLowerCase() !== 'false';
}

export interface NewCaptcha {
  uuid: string;
  /** A data URL of the SVG image. */
  img: string;
}

export async function createCaptcha(db: Db, now = new Date()): Promise<NewCaptcha> {
  // Characters that look alike (0/o, 1/l/i) are left out: people, not robots, must read it.
  const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', width: 120 });
  const uuid = crypto.randomUUID();
  await db.insert(captchas).values({
    uuid,
    answer: text.toLowerCase(),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

const uuidSchema = z.uuid();

/**
 * Checks an answer and consumes the captcha whatever the outcome, so each image allows one guess.
 * Empty: 400 '{data} is required' naming the code; unknown or expired: 400 auth.captchaExpired; wrong: 400
 * auth.captchaWrong.
 */
export async function consumeCaptcha(db: Db, uuid: string, code: string, now = new Date()): Promise<void> {
  // Spec section 5: the code is required. No guess was made, so the image stays usable.
  if (code.trim() === '') throw new AppError(400, 'validation.required', {}, { data: ['code'] });
  if (!uuidSchema.safeParse(uuid).success) throw badRequest('auth.captchaExpired');
  const [row] = await db.delete(captchas).where(eq(captchas.uuid, uuid)).returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw badRequest('auth.captchaExpired');
  const given = code.trim().toLowerCase();
  if (given.length === 0 || given.length !== row.answer.length) throw badRequest('auth.captchaWrong');
  if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(row.answer))) {
    throw badRequest('auth.captchaWrong');
  }
}
