type Scalar = string | number | boolean | bigint;

function isEmpty(value: unknown): value is '' | null | undefined {
  return value === '' || value === null || value === undefined;
}

function isScalar(value: unknown): value is Scalar {
  return ['string', 'number', 'boolean', 'bigint'].includes(typeof value);
}

function pair(key: string, value: Scalar): string {
  return `${key}=${encodeURIComponent(String(value))}`;
}

/**
 * Query strings of spec section 9: empty, undefined and null values are skipped; keys and values are
 * URL-encoded; arrays repeat bracketed keys (`a[]=1&a[]=2`). A nested plain object becomes
 * `key[sub]=value` (the `params[beginTime]` style of range filters). Dates are sent as ISO strings.
 */
export function toQueryString(params: Record<string, unknown> | null | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [rawKey, value] of Object.entries(params)) {
    if (isEmpty(value)) continue;
    const key = encodeURIComponent(rawKey);
    if (value instanceof Date) {
      parts.push(pair(key, value.toISOString()));
    } else if (Array.isArray(value)) {
      for (const item of value) if (!isEmpty(item) && isScalar(item)) parts.push(pair(`${key}[]`, item));
    } else if (typeof value === 'object') {
      for (const [sub, inner] of Object.entries(value)) {
        if (!isEmpty(inner) && isScalar(inner)) parts.push(pair(`${key}[${encodeURIComponent(sub)}]`, inner));
      }
    } else if (isScalar(value)) {
      parts.push(pair(key, value));
    }
  }
  return parts.join('&');
}
