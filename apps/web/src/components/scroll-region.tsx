import type { ReactNode } from 'react';
import './scroll-region.css';

/**
 * A wide table's horizontal scroller that the keyboard can reach: antd's own scroll container (`scroll.x`)
 * cannot take focus, which axe reports (scrollable-region-focusable). This wrapper scrolls instead, is
 * focusable and named.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sb-scroll-region" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
