import { create } from 'zustand';

interface LoadingState {
  count: number;
}

/**
 * The global loading overlay is reference-counted (spec section 4): it shows on the first start and
 * hides only when every start has been matched by a stop, so overlapping work never hides it early.
 */
export const useLoading = create<LoadingState>()(() => ({ count: 0 }));

export function startLoading(): void {
  useLoading.setState((s) => ({ count: s.count + 1 }));
}

export function stopLoading(): void {
  // An extra stop (e.g. from a double-settled promise) must not drive the count negative.
  useLoading.setState((s) => ({ count: Math.max(0, s.count - 1) }));
}

/** Runs `work` with the overlay shown, however it settles. */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  startLoading();
  try {
    return await work();
  } finally {
    stopLoading();
  }
}

export function useLoadingVisible(): boolean {
  return useLoading((s) => s.count > 0);
}
