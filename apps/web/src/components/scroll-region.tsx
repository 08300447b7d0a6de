import type { ReactNode } from 'react';
import './scroll-region.css';

/**
 * A wide table's horizontal scroller that the keyboard can reach: antd's own scroll container (`scroll.x`)
 * cannot take focus, which axe reports (scrollable-region-focusable). This wrapper scrolls instead, is
 * focusable and named.
 */
/**
 * A drawer's content that may be taller than the drawer: the keyboard can reach and scroll it (the drawer's
 * own body cannot take focus, which axe reports). Give the drawer `styles={{ body: { overflow: 'hidden' } }}`.
 */
export function DrawerScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sb-drawer-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sb-scroll-region" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
