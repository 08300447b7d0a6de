import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Mark, ViewBox } from '@sbuilding/shared';
import { PlanFrame } from '@/components/plan-frame';
import { clampToViewBox, toPlanPoint, type Point } from '@/components/plan-units';
import { MarkShape } from './mark-shape';
import { arrowDirection, keyboardStep } from './mark-state';

/** Arrow presses this close together are one move: one save, not one per press. */
export const KEYBOARD_SAVE_DELAY_MS = 500;

export interface MarkPlanProps {
  planUrl: string;
  floorName: string;
  viewBox: ViewBox | null;
  onImageLoad: Parameters<typeof PlanFrame>[0]['onImageLoad'];
  marks: Mark[];
  selectedId: number | null;
  /** Add mode: a click on the plan places a new mark there. */
  addMode: boolean;
  onOpen: (mark: Mark) => void;
  onMove: (mark: Mark, to: Point) => void;
  onPlace: (at: Point) => void;
}

interface Drag {
  id: number;
  /** Pointer and mark positions when the drag began, in plan units. */
  pointer: Point;
  origin: Point;
  at: Point;
  moved: boolean;
}

/**
 * A floor plan with the floor's marks: each an icon and its label in plan units. A mark is moved by
 * dragging or, focused, with the arrow keys (Shift for bigger steps); a click or Enter opens it.
 */
export function MarkPlan(props: MarkPlanProps) {
  const { planUrl, floorName, viewBox, onImageLoad, marks, selectedId, addMode, onOpen, onMove, onPlace } =
    props;
  const { t } = useTranslation();
  const helpId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [nudge, setNudge] = useState<{ id: number; at: Point } | null>(null);
  const nudgeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const justDragged = useRef(false);

  useEffect(
    () => () => {
      if (nudgeTimer.current) clearTimeout(nudgeTimer.current);
    },
    [],
  );

  const r = viewBox ? Math.max(viewBox[2], viewBox[3]) / 90 : 8;
  const planPoint = (event: { clientX: number; clientY: number }): Point | null => {
    const svg = svgRef.current;
    if (!svg || !viewBox) return null;
    return toPlanPoint({ x: event.clientX, y: event.clientY }, svg.getBoundingClientRect(), viewBox);
  };
  const positionOf = (mark: Mark): Point => {
    if (drag?.id === mark.id) return drag.at;
    if (nudge?.id === mark.id) return nudge.at;
    return [mark.x, mark.y];
  };

  const onMarkPointerDown = (mark: Mark, event: PointerEvent<SVGGElement>) => {
    if (event.button !== 0) return;
    const pointer = planPoint(event);
    if (!pointer) return;
    event.stopPropagation();
    svgRef.current?.setPointerCapture?.(event.pointerId);
    setDrag({ id: mark.id, pointer, origin: [mark.x, mark.y], at: [mark.x, mark.y], moved: false });
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag || !viewBox) return;
    const pointer = planPoint(event);
    if (!pointer) return;
    const dx = pointer[0] - drag.pointer[0];
    const dy = pointer[1] - drag.pointer[1];
    const at = clampToViewBox([drag.origin[0] + dx, drag.origin[1] + dy], viewBox);
    setDrag({ ...drag, at, moved: drag.moved || Math.hypot(dx, dy) > r / 2 });
  };
  const onPointerUp = () => {
    if (!drag) return;
    const mark = marks.find((m) => m.id === drag.id);
    setDrag(null);
    justDragged.current = true;
    if (!mark) return;
    if (drag.moved) onMove(mark, drag.at);
    else onOpen(mark);
  };
  const onPlanClick = (event: { clientX: number; clientY: number }) => {
    // The click that ends a drag (or a click on a mark) is not a click on the plan.
    if (justDragged.current) {
      justDragged.current = false;
      return;
    }
    if (!addMode) return;
    const at = planPoint(event);
    if (at) onPlace(at);
  };

  const onMarkKeyDown = (mark: Mark, event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(mark);
      return;
    }
    const direction = arrowDirection(event.key);
    if (event.key === 'Escape' && nudge?.id === mark.id) {
      if (nudgeTimer.current) clearTimeout(nudgeTimer.current);
      setNudge(null);
      return;
    }
    if (!direction || !viewBox) return;
    event.preventDefault();
    const step = keyboardStep(viewBox[2], event.shiftKey);
    const from = positionOf(mark);
    const at = clampToViewBox([from[0] + direction[0] * step, from[1] + direction[1] * step], viewBox);
    setNudge({ id: mark.id, at });
    if (nudgeTimer.current) clearTimeout(nudgeTimer.current);
    nudgeTimer.current = setTimeout(() => {
      nudgeTimer.current = null;
      setNudge(null);
      onMove(mark, at);
    }, KEYBOARD_SAVE_DELAY_MS);
  };

  return (
    <div className="sb-plan">
      <Typography.Paragraph id={helpId} className="sb-plan-help">
        {t(addMode ? 'deviceMarks.plan.helpAdd' : 'deviceMarks.plan.help')}
      </Typography.Paragraph>
      <PlanFrame
        planUrl={planUrl}
        alt={t('deviceMarks.plan.alt', { name: floorName })}
        viewBox={viewBox}
        onImageLoad={onImageLoad}
      >
        {viewBox ? (
          <svg
            ref={svgRef}
            className={`sb-plan-overlay${addMode ? ' sb-plan-overlay-add' : ''}`}
            viewBox={viewBox.join(' ')}
            preserveAspectRatio="none"
            role="group"
            aria-label={t('deviceMarks.plan.label', { name: floorName })}
            aria-describedby={helpId}
            data-testid="marks-canvas"
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onClick={onPlanClick}
          >
            {marks.map((mark) => (
              <MarkShape
                key={mark.id}
                mark={mark}
                at={positionOf(mark)}
                r={r}
                selected={mark.id === selectedId}
                describedBy={helpId}
                onPointerDown={(e) => onMarkPointerDown(mark, e)}
                onKeyDown={(e) => onMarkKeyDown(mark, e)}
                onClick={(e) => {
                  // Pointer clicks were handled on release; this is an assistive technology's click.
                  e.stopPropagation();
                  if (justDragged.current) justDragged.current = false;
                  else onOpen(mark);
                }}
              />
            ))}
          </svg>
        ) : null}
      </PlanFrame>
    </div>
  );
}
