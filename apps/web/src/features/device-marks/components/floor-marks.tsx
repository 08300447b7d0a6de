import { useState } from 'react';
import { Button, Empty, Flex, Space, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Floor, Mark } from '@sbuilding/shared';
import { usePlanViewBox } from '@/components/plan-frame';
import { roundUnit, type Point } from '@/components/plan-units';
import { useMarks } from '../api/list-marks';
import { useMoveMark } from '../api/move-mark';
import { MarkDrawer, type MarkTarget } from './mark-drawer';
import { MarkLegend } from './mark-legend';
import { MarkList } from './mark-list';
import { MarkPlan } from './mark-plan';
import './device-marks.css';

/** One floor's plan with its marks, the side list, and the mark drawer. */
export function FloorMarks({ floor, projectId }: { floor: Floor; projectId: number }) {
  const { t } = useTranslation();
  const marks = useMarks(floor.id);
  const move = useMoveMark(floor.id);
  const { viewBox, onImageLoad } = usePlanViewBox(floor.planViewBox);
  const [addMode, setAddMode] = useState(false);
  const [target, setTarget] = useState<{ kind: 'edit'; id: number } | { kind: 'new'; at: Point } | null>(
    null,
  );
  const [status, setStatus] = useState('');
  // A floor's marks crowd its rooms: names show on hover, focus and selection unless all are asked for.
  const [allNames, setAllNames] = useState(false);
  const rows = marks.data ?? [];

  // The drawer follows the list, so a reloaded mark (new version) is what the next save sends.
  const editing = target?.kind === 'edit' ? rows.find((m) => m.id === target.id) : undefined;
  const drawerTarget: MarkTarget | null =
    target?.kind === 'new' ? target : editing ? { kind: 'edit', mark: editing } : null;

  const onMove = (mark: Mark, [x, y]: Point) => {
    move.mutate(
      { id: mark.id, body: { x, y, version: mark.version } },
      {
        onSuccess: () => setStatus(t('deviceMarks.moved', { name: mark.markName, x, y })),
        onError: () => setStatus(t('deviceMarks.moveFailed', { name: mark.markName })),
      },
    );
  };
  const addAtCentre = () => {
    if (!viewBox) return;
    setTarget({
      kind: 'new',
      at: [roundUnit(viewBox[0] + viewBox[2] / 2), roundUnit(viewBox[1] + viewBox[3] / 2)],
    });
  };

  return (
    <Flex vertical gap="middle">
      {floor.planUrl ? (
        <>
          <Space wrap>
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={addAtCentre}
              disabled={!viewBox}
            >
              {t('deviceMarks.add')}
            </Button>
            <Button
              type={addMode ? 'primary' : 'default'}
              aria-pressed={addMode}
              onClick={() => setAddMode(!addMode)}
            >
              {t('deviceMarks.addMode')}
            </Button>
            <label className="sb-mark-legend-item">
              <Switch size="small" checked={allNames} onChange={setAllNames} />
              {t('deviceMarks.allNames')}
            </label>
            <MarkLegend />
          </Space>
          <div className={allNames ? 'sb-marks-layout sb-marks-names' : 'sb-marks-layout'}>
            <MarkPlan
              planUrl={floor.planUrl}
              floorName={floor.name}
              viewBox={viewBox}
              onImageLoad={onImageLoad}
              marks={rows}
              selectedId={editing?.id ?? null}
              addMode={addMode}
              onOpen={(mark) => setTarget({ kind: 'edit', id: mark.id })}
              onMove={onMove}
              onPlace={(at) => {
                setAddMode(false);
                setTarget({ kind: 'new', at });
              }}
            />
            <MarkList
              marks={rows}
              loading={marks.isLoading}
              floorName={floor.name}
              onOpen={(mark) => setTarget({ kind: 'edit', id: mark.id })}
            />
          </div>
        </>
      ) : (
        <Empty description={t('deviceMarks.noPlan')} />
      )}
      <div role="status" aria-live="polite" className="sb-visually-hidden">
        {status}
      </div>
      <MarkDrawer
        target={drawerTarget}
        floorId={floor.id}
        projectId={projectId}
        onClose={() => setTarget(null)}
        onCreated={(mark) => setTarget({ kind: 'edit', id: mark.id })}
      />
    </Flex>
  );
}
