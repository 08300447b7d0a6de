import { beforeEach, describe, expect, it } from 'vitest';
import { startLoading, stopLoading, useLoading, withLoading } from './loading';

const visible = () => useLoading.getState().count > 0;

beforeEach(() => useLoading.setState({ count: 0 }));

describe('global loading', () => {
  it('shows on the first start and hides only when every start is stopped', () => {
    startLoading();
    startLoading();
    expect(visible()).toBe(true);
    stopLoading();
    expect(visible()).toBe(true);
    stopLoading();
    expect(visible()).toBe(false);
  });

  it('never counts below zero on an extra stop', () => {
    stopLoading();
    startLoading();
    expect(visible()).toBe(true);
  });

  it('stops after work that fails', async () => {
    await expect(withLoading(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(visible()).toBe(false);
  });
});
