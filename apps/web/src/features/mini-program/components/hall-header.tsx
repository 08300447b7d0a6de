import { Button, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WxHall } from '@sbuilding/shared';

interface Props {
  hall: WxHall;
  refreshing: boolean;
  onRefresh: () => void;
  /** Shown when the person has several buildings: back to the chooser. */
  onChooseAnother?: () => void;
}

/** The building's photo and name, with the refresh button in thumb's reach at the top right. */
export function HallHeader({ hall, refreshing, onRefresh, onChooseAnother }: Props) {
  const { t } = useTranslation();
  return (
    <header className="wx-header">
      {hall.imageUrl && (
        <img className="wx-photo" src={hall.imageUrl} alt={t('wxProgram.photoOf', { name: hall.name })} />
      )}
      <div className="wx-header-text">
        <Typography.Title level={1} className="wx-title">
          {hall.name}
        </Typography.Title>
        {hall.address && <Typography.Text type="secondary">{hall.address}</Typography.Text>}
      </div>
      <div className="wx-header-actions">
        {onChooseAnother && (
          <Button size="large" onClick={onChooseAnother}>
            {t('wxProgram.otherBuildings')}
          </Button>
        )}
        <Button size="large" icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
          {t('wxProgram.refresh')}
        </Button>
      </div>
    </header>
  );
}
