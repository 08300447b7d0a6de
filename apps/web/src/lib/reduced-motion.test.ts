import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './reduced-motion';

/** A matchMedia whose "reduce motion" answer the test sets, telling its listeners as a browser does. */
function systemSetting(initially: boolean) {
  let reduce = initially;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && reduce;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    set(value: boolean) {
      reduce = value;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('useReducedMotion', () => {
  it("follows the system's reduce-motion setting, also when it changes", () => {
    const setting = systemSetting(true);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
    act(() => setting.set(false));
    expect(result.current).toBe(false);
  });

  it('is off when the system does not ask for less motion', () => {
    systemSetting(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
  });
});
