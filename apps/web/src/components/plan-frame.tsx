import { useState, type ReactNode, type SyntheticEvent } from 'react';
import type { ViewBox } from '@sbuilding/shared';
import { viewBoxOfImage } from './plan-units';
import './plan-frame.css';

/**
 * The view box an overlay on a plan uses: the server's (read from the SVG) or, without one, the
 * picture's natural size once it has loaded.
 */
export function usePlanViewBox(planViewBox: ViewBox | null) {
  const [natural, setNatural] = useState<ViewBox | null>(null);
  const onImageLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    if (!planViewBox)
      setNatural(viewBoxOfImage(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight));
  };
  return { viewBox: planViewBox ?? natural, onImageLoad };
}

export interface PlanFrameProps {
  planUrl: string;
  alt: string;
  viewBox: ViewBox | null;
  onImageLoad: (event: SyntheticEvent<HTMLImageElement>) => void;
  /** The caller's overlay <svg className="sb-plan-overlay" viewBox=...>, drawn once the view box is known. */
  children: ReactNode;
}

/**
 * A floor plan: the sanitized SVG shown by an <img> of its signed link (never markup in the page) in a
 * frame with the plan's aspect ratio, so an overlay with the same view box and
 * `preserveAspectRatio="none"` maps pointer positions to plan units linearly (plan-units.ts).
 */
export function PlanFrame({ planUrl, alt, viewBox, onImageLoad, children }: PlanFrameProps) {
  return (
    <div
      className="sb-plan-frame"
      style={viewBox ? { aspectRatio: `${viewBox[2]} / ${viewBox[3]}` } : undefined}
    >
      <img src={planUrl} alt={alt} className="sb-plan-image" onLoad={onImageLoad} />
      {viewBox ? children : null}
    </div>
  );
}
