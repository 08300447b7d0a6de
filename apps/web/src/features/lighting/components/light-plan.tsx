import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { BulbFilled, BulbOutlined, DisconnectOutlined, AppstoreOutlined } from '@ant-design/icons';
import type { BoardLight, ViewBox } from '@sbuilding/shared';
import { PlanFrame, usePlanViewBox } from '@/components/plan-frame';
import { isLit, panelOn } from '../hooks/light-state';
import { useLightWords } from './light-words';
import { shortLabels } from './short-labels';

interface LightPlanProps {
  planUrl: string;
  planViewBox: ViewBox | null;
  floorName: string;
  devices: readonly BoardLight[];
  onOpen: (device: BoardLight) => void;
}

function percent(value: number, start: number, size: number): string {
  return `${Math.min(100, Math.max(0, ((value - start) / size) * 100))}%`;
}

/**
 * The floor's plan with every marked light and panel as a real button at its mark: lit (yellow, glowing
 * with its brightness), off (grey outline), offline (struck through); its name and state in words under
 * the symbol and in its accessible name. A click or Enter opens its controls. Names on one floor often
 * share their start ('A-F1 corridor light 1' to '4'): the mark shows a short label that tells it apart
 * from the floor's others, the full name in its tooltip and accessible name; a mark is a small, see-through
 * tag so the plan's room names stay readable around it.
 */
export function LightPlan({ planUrl, planViewBox, floorName, devices, onOpen }: LightPlanProps) {
  const { t } = useTranslation();
  const words = useLightWords();
  const { viewBox, onImageLoad } = usePlanViewBox(planViewBox);
  const marked = devices.filter((d) => d.mark !== null);
  const short = shortLabels(marked.map((d) => d.mark?.label ?? d.name));
  return (
    <PlanFrame
      planUrl={planUrl}
      alt={t('lighting.planAlt', { floor: floorName })}
      viewBox={viewBox}
      onImageLoad={onImageLoad}
    >
      <ul className="sb-light-overlay" aria-label={t('lighting.planDevices', { floor: floorName })}>
        {viewBox
          ? marked.map((d, index) => {
              const mark = d.mark;
              if (!mark) return null;
              const lit = d.category === 'lightPanel' ? panelOn(d) : isLit(d);
              const state = !d.online ? 'offline' : lit ? 'on' : 'off';
              const level = d.state.lightnessLevel;
              const glow = lit && level !== null ? 0.35 + (0.65 * level) / 255 : 1;
              const Icon =
                state === 'offline'
                  ? DisconnectOutlined
                  : d.category === 'lightPanel'
                    ? AppstoreOutlined
                    : lit
                      ? BulbFilled
                      : BulbOutlined;
              return (
                <li
                  key={d.id}
                  className="sb-light-mark"
                  style={{
                    left: percent(mark.x, viewBox[0], viewBox[2]),
                    top: percent(mark.y, viewBox[1], viewBox[3]),
                  }}
                >
                  <Tooltip title={mark.label}>
                    <button
                      type="button"
                      className={`sb-light-button sb-light-${state}`}
                      aria-label={words.describe(d, mark.label)}
                      data-state={state}
                      onClick={() => onOpen(d)}
                    >
                      <span className="sb-light-symbol" style={{ opacity: glow }} aria-hidden>
                        <Icon />
                      </span>
                      <span className="sb-light-label" aria-hidden>
                        {short[index] ?? mark.label}
                        <br />
                        {words.short(d)}
                      </span>
                    </button>
                  </Tooltip>
                </li>
              );
            })
          : null}
      </ul>
    </PlanFrame>
  );
}
