import type { ReactNode } from 'react';
import { Card, Empty, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { BuildingSelect, useProjectBuildings } from './location-select';

interface BuildingBoardProps<T> {
  projectId: number;
  /** The building chooser's accessible name. */
  whereLabel: string;
  /** The building select's id, which its visible label points to. */
  selectId: string;
  /** The chosen building; null for the whole project. */
  buildingId: number | null;
  onBuildingChange: (buildingId: number | null) => void;
  /** The board's query for the chosen building. */
  board: { isLoading: boolean; data: T | undefined };
  /** What a screen reader is told while the board loads. */
  loadingLabel: string;
  /** The board once read. */
  children: (data: T) => ReactNode;
}

/**
 * The body of a board of a project's buildings (air, space, AC): the building chooser, then the board, or
 * while it loads a status, and for a project without buildings or a board without data their empty states.
 */
export function BuildingBoard<T>(props: BuildingBoardProps<T>) {
  const { t } = useTranslation();
  const buildings = useProjectBuildings(props.projectId);
  const body = () => {
    if (buildings.isLoading || props.board.isLoading)
      return (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{props.loadingLabel}</span>
        </div>
      );
    if ((buildings.data?.rows.length ?? 0) === 0) return <Empty description={t('boards.noBuilding')} />;
    const data = props.board.data;
    if (!data) return <Empty description={t('boards.noData')} />;
    return props.children(data);
  };

  return (
    <>
      <Card>
        <Form layout="inline" aria-label={props.whereLabel}>
          <Form.Item label={t('fields.building')} htmlFor={props.selectId}>
            <BuildingSelect
              id={props.selectId}
              projectId={props.projectId}
              label={t('fields.building')}
              allowClear
              value={props.buildingId}
              onChange={props.onBuildingChange}
            />
          </Form.Item>
        </Form>
      </Card>
      {body()}
    </>
  );
}
