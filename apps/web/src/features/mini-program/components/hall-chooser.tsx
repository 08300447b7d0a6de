import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WxHall } from '@sbuilding/shared';

/** The person's buildings as big buttons, when there is more than one. */
export function HallChooser({
  halls,
  onChoose,
}: {
  halls: readonly WxHall[];
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="wx-card" aria-labelledby="wx-choose-title">
      <Typography.Title level={1} id="wx-choose-title" className="wx-title">
        {t('wxProgram.chooseBuilding')}
      </Typography.Title>
      {halls.length === 0 ? (
        <Typography.Paragraph>{t('wxProgram.noBuilding')}</Typography.Paragraph>
      ) : (
        <ul className="wx-halls">
          {halls.map((hall) => (
            <li key={hall.id}>
              <Button size="large" block className="wx-hall-button" onClick={() => onChoose(hall.id)}>
                <span className="wx-hall-name">{hall.name}</span>
                <span className="wx-hall-project">{hall.projectName}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
