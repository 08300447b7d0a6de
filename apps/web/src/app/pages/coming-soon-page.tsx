import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface ComingSoonPageProps {
  /** The route's `meta.title` key, so the user sees which screen this is. */
  titleKey: string;
}

/** Stands in for a screen of the route table that a later release implements. */
export function ComingSoonPage({ titleKey }: ComingSoonPageProps) {
  const { t } = useTranslation();
  return (
    <section className="sb-page sb-centered-page" aria-labelledby="sb-coming-soon-title">
      <Empty
        description={
          <>
            <Typography.Title level={1} id="sb-coming-soon-title" className="sb-page-title">
              {t(`routes.${titleKey}`)}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('pages.comingSoon.description')}</Typography.Paragraph>
          </>
        }
      />
    </section>
  );
}
