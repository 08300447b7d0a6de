/** Validators of spec section 5, used by forms and by the server through the zod schemas. */

/** A link is external if it starts with http:, https:, mailto: or tel:. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

/** A plain signed decimal: optional sign, integer without leading zeros, optional fractional part. */
export function isSignedDecimal(value: string): boolean {
  return /^[+-]?(0|[1-9]\d*)(\.\d+)?$/.test(value);
}

/** A well-formed e-mail address (local@domain.tld, no spaces). */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/**
 * A well-formed phone number: a mainland China mobile number (11 digits starting with 1[3-9]),
 * or an international number of 7-15 digits with an optional leading + and single spaces or dashes.
 */
export function isPhone(value: string): boolean {
  if (/^1[3-9]\d{9}$/.test(value)) return true;
  if (!/^\+?\d[\d -]{5,18}\d$/.test(value) || /[ -]{2}/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}
