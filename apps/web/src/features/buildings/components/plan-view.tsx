import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewBox, Zone, ZoneShape } from '@sbuilding/shared';
import { PlanFrame, usePlanViewBox } from '@/components/plan-frame';
import { toPlanPoint } from '@/components/plan-units';
import { addPoint, pointsAttribute, rectFromDrag, shapeCentre, type Point } from './plan-geometry';

export type DrawMode = 'select' | 'rect' | 'polygon';

export interface PlanViewProps {
  planUrl: string;
  /** The plan's view box from the server; without it the picture's natural size is used. */
  planViewBox: ViewBox | null;
  floorName: string;
  zones: Zone[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  mode: DrawMode;
  /** A finished drawing; the mode goes back to select. */
  onDrawn: (shape: ZoneShape) => void;
  /** Escape: the drawing is dropped and the mode goes back to select. */
  onCancel: () => void;
  /** A drawn shape waiting for its zone form. */
  pending: ZoneShape | null;
  /**
   * Names the plan draws itself (a drawn plan's room names): a zone named so is not labelled again on the
   * overlay, so each room name shows once. Null while not known (no overlay names yet); none by default.
   */
  planNames?: readonly string[] | null;
}

const fold = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

function ShapeElement({ shape, className }: { shape: ZoneShape; className: string }) {
  if (shape.kind === 'rect') {
    return (
      <rect
        x={shape.x}
        y={shape.y}
        width={shape.w}
        height={shape.h}
        className={className}
        vectorEffect="non-scaling-stroke"
      />
    );
  }
  return (
    <polygon points={pointsAttribute(shape.points)} className={className} vectorEffect="non-scaling-stroke" />
  );
}

/**
 * A floor plan with the zones on an overlay of our own. The plan is an <img> of the sanitized SVG served
 * by the server, never markup in this page; the overlay shares its user units through the view box.
 */
export function PlanView(props: PlanViewProps) {
  const { planUrl, planViewBox, floorName, zones, selectedId, onSelect, mode, onDrawn, onCancel, pending } =
    props;
  const planNames = props.planNames === undefined ? [] : props.planNames;
  const drawnNames = new Set((planNames ?? []).map(fold));
  const labelled = (zone: Zone) => planNames !== null && !drawnNames.has(fold(zone.name));
  const { t } = useTranslation();
  const helpId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [dragStart, setDragStart] = useState<Point | null>(null);
  const [cursor, setCursor] = useState<Point | null>(null);
  const [points, setPoints] = useState<Point[]>([]);
  const { viewBox, onImageLoad } = usePlanViewBox(planViewBox);

  // A new mode or plan starts a new drawing (state adjusted while rendering, not in an effect).
  const [drawingFor, setDrawingFor] = useState({ mode, planUrl });
  if (drawingFor.mode !== mode || drawingFor.planUrl !== planUrl) {
    setDrawingFor({ mode, planUrl });
    setDragStart(null);
    setPoints([]);
    setCursor(null);
  }

  const planPoint = (event: { clientX: number; clientY: number }): Point | null => {
    const svg = svgRef.current;
    if (!svg || !viewBox) return null;
    return toPlanPoint({ x: event.clientX, y: event.clientY }, svg.getBoundingClientRect(), viewBox);
  };

  const finishPolygon = () => {
    if (points.length < 3) return;
    onDrawn({ kind: 'polygon', points: points.map(([x, y]) => [x, y]) });
    setPoints([]);
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (mode !== 'rect' || event.button !== 0) return;
    const point = planPoint(event);
    if (!point) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragStart(point);
    setCursor(point);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (mode === 'select') return;
    setCursor(planPoint(event));
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    if (mode !== 'rect' || !dragStart || !viewBox) return;
    const end = planPoint(event);
    setDragStart(null);
    const shape = end ? rectFromDrag(dragStart, end, viewBox) : null;
    if (shape) onDrawn(shape);
  };
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (mode !== 'polygon' || !viewBox) return;
    const point = planPoint(event);
    if (point) setPoints((current) => addPoint(current, point, viewBox));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === 'Escape' && mode !== 'select') {
      event.preventDefault();
      setPoints([]);
      setDragStart(null);
      onCancel();
    } else if (event.key === 'Enter' && mode === 'polygon') {
      event.preventDefault();
      finishPolygon();
    }
  };

  const draft: ZoneShape | null =
    mode === 'rect' && dragStart && cursor && viewBox ? rectFromDrag(dragStart, cursor, viewBox) : null;
  const fontSize = viewBox ? Math.max(viewBox[2], viewBox[3]) / 60 : 12;
  const instructions = t(`buildings.plan.help.${mode}`);

  return (
    <div className="sb-plan">
      <Typography.Paragraph id={helpId} className="sb-plan-help">
        {instructions}
      </Typography.Paragraph>
      <PlanFrame
        planUrl={planUrl}
        alt={t('buildings.plan.alt', { name: floorName })}
        viewBox={viewBox}
        onImageLoad={onImageLoad}
      >
        {viewBox ? (
          <svg
            ref={svgRef}
            className={`sb-plan-overlay sb-plan-overlay-${mode}`}
            viewBox={viewBox.join(' ')}
            preserveAspectRatio="none"
            role="application"
            aria-label={t('buildings.plan.canvasLabel', { name: floorName })}
            aria-describedby={helpId}
            tabIndex={0}
            data-testid="plan-canvas"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onClick={onClick}
            onDoubleClick={finishPolygon}
            onKeyDown={onKeyDown}
          >
            {zones.map((zone) =>
              zone.shape ? (
                <g
                  key={zone.id}
                  className={zone.id === selectedId ? 'sb-zone sb-zone-selected' : 'sb-zone'}
                  data-zone-id={zone.id}
                  onClick={() => {
                    if (mode === 'select') onSelect(zone.id);
                  }}
                >
                  <title>{zone.name}</title>
                  <ShapeElement shape={zone.shape} className="sb-zone-shape" />
                  {labelled(zone) ? (
                    <text
                      x={shapeCentre(zone.shape)[0]}
                      y={shapeCentre(zone.shape)[1]}
                      fontSize={fontSize}
                      className="sb-zone-label"
                    >
                      {zone.name}
                    </text>
                  ) : null}
                </g>
              ) : null,
            )}
            {pending ? <ShapeElement shape={pending} className="sb-zone-draft" /> : null}
            {draft ? <ShapeElement shape={draft} className="sb-zone-draft" /> : null}
            {mode === 'polygon' && points.length > 0 ? (
              <polyline
                points={pointsAttribute(cursor ? [...points, cursor] : points)}
                className="sb-zone-draft"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
          </svg>
        ) : null}
      </PlanFrame>
    </div>
  );
}
