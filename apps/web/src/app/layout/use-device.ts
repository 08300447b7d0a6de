import { useLayoutEffect } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@sbuilding/shared';
import { useSettings } from '@/lib/settings';

/** Mobile when the body is narrower than the breakpoint (spec section 2, Layout). */
export function isMobileWidth(): boolean {
  return document.body.getBoundingClientRect().width < MOBILE_BREAKPOINT_PX;
}

/** Follows the window size; measured before the first paint so a phone never flashes the desktop sidebar. */
export function useDevice(): void {
  useLayoutEffect(() => {
    const update = () => useSettings.getState().setDevice(isMobileWidth() ? 'mobile' : 'desktop');
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}
