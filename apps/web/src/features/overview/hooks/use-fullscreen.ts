import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Full screen for one element through the Fullscreen API: whether it is, and a toggle. `supported` is false
 * where the browser (or an iframe without permission) has no full screen, so the page can leave the button out.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);
  const toggle = useCallback(() => {
    // Refused (no user gesture, a policy): the page simply stays as it is.
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    else target.current?.requestFullscreen().catch(() => undefined);
  }, [target]);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  return { active, toggle, supported };
}
