import { useRef, type ReactNode } from 'react';
import { Alert, Button, ConfigProvider, Flex, Spin, Typography, theme, type ThemeConfig } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { NoProject } from '@/components/no-project';
import { useCurrentProject } from '@/lib/current-project';
import { useOverview } from '../api/get-overview';
import { OverviewBoard } from '../components/overview-board';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useLiveOverview } from '../hooks/use-live-overview';

/**
 * antd's dark algorithm; the console's darkened greys (set for contrast on white, app/providers) would be dark
 * on dark here, so descriptions and placeholders get a light grey that reaches WCAG AA on the dark cards.
 */
const DARK_THEME: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorTextDescription: 'rgba(255, 255, 255, 0.65)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.65)',
  },
};

/**
 * /dashboard: the display dashboard, a wall screen for tbVisualDisplay and anyone else. The overview's figures
 * and charts on a dark page, updating live without a reload; read-only (nothing here switches a device). The
 * layout hides the folded sidebar and darkens the header on this path (spec section 2); the Full screen
 * button shows the dashboard alone on the whole screen.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const times = useProjectTime();
  const projectId = useCurrentProject();
  const overview = useOverview(projectId);
  useLiveOverview(overview.data);
  const screen = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(screen);

  let body: ReactNode;
  if (projectId === null) body = <NoProject />;
  else if (overview.isError && !overview.data)
    body = <Alert type="error" showIcon title={overview.error.message} />;
  else if (!overview.data)
    body = (
      <div role="status">
        <Spin />
        <span className="sb-visually-hidden">{t('overview.loading')}</span>
      </div>
    );
  else body = <OverviewBoard overview={overview.data} dark />;

  // The wall screen's clock: the project's time on a 24-hour clock, with its zone where the browser's differs.
  const updated = overview.dataUpdatedAt
    ? times.titled(t('overview.dashboard.updated', { time: times.format(overview.dataUpdatedAt, 'time') }))
    : null;

  return (
    <ConfigProvider theme={DARK_THEME}>
      <section ref={screen} className="sb-dashboard" aria-labelledby="sb-dashboard-title">
        <Flex vertical gap="middle">
          <Flex justify="space-between" align="center" wrap gap="middle">
            <Typography.Title level={1} id="sb-dashboard-title" className="sb-page-title">
              {t('routes.dashboard')}
            </Typography.Title>
            <Flex align="center" gap="middle">
              {updated ? <Typography.Text type="secondary">{updated}</Typography.Text> : null}
              {fullscreen.supported ? (
                <Button
                  icon={
                    fullscreen.active ? (
                      <FullscreenExitOutlined aria-hidden />
                    ) : (
                      <FullscreenOutlined aria-hidden />
                    )
                  }
                  onClick={fullscreen.toggle}
                >
                  {fullscreen.active
                    ? t('overview.dashboard.exitFullScreen')
                    : t('overview.dashboard.fullScreen')}
                </Button>
              ) : null}
            </Flex>
          </Flex>
          {body}
        </Flex>
      </section>
    </ConfigProvider>
  );
}
