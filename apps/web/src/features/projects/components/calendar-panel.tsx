import { useState } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { App, Button, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { YEAR_RANGE } from '@sbuilding/shared';
import { useCalendar } from '../api/get-calendar';
import { useSaveCalendar } from '../api/save-calendar';
import { daysOf, overridesOf, sameOverrides, toggleDay, type DayOverrides } from './calendar-rules';
import { CalendarLegend, YearCalendar } from './year-calendar';
import './calendar-panel.css';

/** A project's holidays and extra working days for one year, edited by clicks and saved at once. */
export function CalendarPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const calendar = useCalendar(projectId, year);
  const save = useSaveCalendar();
  // The user's clicks since the last load; null while the calendar shows the server's days.
  const [draft, setDraft] = useState<DayOverrides | null>(null);

  const loaded = calendar.data && calendar.data.year === year ? calendar.data : undefined;
  const saved = loaded ? overridesOf(loaded) : undefined;
  const shown = draft ?? saved;
  const dirty = Boolean(draft && saved && !sameOverrides(draft, saved));

  const goTo = (next: number) => {
    const change = () => {
      setDraft(null);
      setYear(next);
    };
    if (!dirty) return change();
    modal.confirm({
      title: t('projects.calendar.discardTitle'),
      content: t('projects.calendar.discard'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: change,
    });
  };

  const onSave = async () => {
    if (!loaded || !draft) return;
    try {
      await save.mutateAsync({ projectId, year, version: loaded.version, days: daysOf(draft) });
      message.success(t('projects.calendar.saved'));
    } catch {
      // The request client showed the server's message (409: someone saved first); show their year.
    }
    setDraft(null);
  };

  return (
    <section aria-labelledby="sb-calendar-title">
      <Space className="sb-calendar-toolbar" wrap>
        <Typography.Title level={2} id="sb-calendar-title" className="sb-section-title">
          {t('projects.calendar.title')}
        </Typography.Title>
        <Space.Compact>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('projects.calendar.previousYear')}
            disabled={year <= YEAR_RANGE.min}
            onClick={() => goTo(year - 1)}
          />
          <span className="sb-calendar-year" aria-live="polite">
            {year}
          </span>
          <Button
            icon={<RightOutlined />}
            aria-label={t('projects.calendar.nextYear')}
            disabled={year >= YEAR_RANGE.max}
            onClick={() => goTo(year + 1)}
          />
        </Space.Compact>
        <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => void onSave()}>
          {t('common.save')}
        </Button>
      </Space>
      <Typography.Paragraph>{t('projects.calendar.hint')}</Typography.Paragraph>
      <CalendarLegend />
      {shown ? (
        <YearCalendar
          year={year}
          overrides={shown}
          disabled={save.isPending}
          onToggle={(date) => setDraft(toggleDay(shown, date))}
        />
      ) : calendar.isError ? (
        <Empty description={t('projects.calendar.loadFailed')} />
      ) : (
        <Skeleton active />
      )}
    </section>
  );
}
