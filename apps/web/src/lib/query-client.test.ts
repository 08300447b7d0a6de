import { describe, expect, it } from 'vitest';
import { shouldRetry } from './query-client';
import { RequestError } from './request';

describe('query retries', () => {
  it('retries a network failure once', () => {
    const error = new RequestError('offline', 'network', null);
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(1, error)).toBe(false);
  });

  it('never retries an answer of the server', () => {
    expect(shouldRetry(0, new RequestError('No permission', 'envelope', 403))).toBe(false);
    expect(shouldRetry(0, new RequestError('Expired', 'envelope', 401))).toBe(false);
  });
});
