import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { create } from 'zustand';
import { formatInstant, zoneOffsetLabel, type TimeStyle } from '@sbuilding/shared';
import { i18n } from './i18n';
import { get } from './request';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The console's one time rule (issue 18; decision in the web README): every instant is written in the
 * selected project's time zone, in the language's usual order of date parts, on a 24-hour clock (shared
 * `formatInstant`). Where the project's zone has another offset than the browser's, times and pickers carry
 * the zone ('UTC+08:00'). Pickers show the project's wall clock: `toPicker` and `fromPicker` convert.
 */

export type { TimeStyle };

/** The zone the browser (the operating system) runs in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

interface ZoneState {
  /** The selected project's IANA zone; null until known (no project, not readable): then the browser's. */
  projectZone: string | null;
}

export const useTimeZoneStore = create<ZoneState>(() => ({ projectZone: null }));

export function setProjectTimeZone(zone: string | null): void {
  useTimeZoneStore.setState({ projectZone: zone });
}

/** A picker's wall-clock text: what the operator reads and types, without a zone. */
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';

export interface TimeRule {
  /** The zone times are written in. */
  zone: string;
  /** 'UTC+08:00' when that zone's offset differs from the browser's, else null (nothing to say). */
  zoneLabel: string | null;
  /** An instant (ISO string, epoch ms, Date) written by the rule; '' for null or undefined. */
  format: (value: string | number | Date | null | undefined, style?: TimeStyle) => string;
  /** A label for times ('Time') with the zone when it differs: 'Time (UTC+08:00)'. */
  titled: (label: string) => string;
  /**
   * An instant written where no label or header carries the zone (a sentence, a tooltip, a line of a card):
   * `format` followed by the zone when it differs, '2026-11-26 14:05:09 (UTC+08:00)'.
   */
  stamp: (value: string | number | Date | null | undefined, style?: TimeStyle) => string;
  /** An instant as a picker value: the project's wall clock (antd pickers work in the browser's zone). */
  toPicker: (value: string | number | Date) => Dayjs;
  /** A picked wall-clock value as the instant it names in the project's zone (ISO). */
  fromPicker: (value: Dayjs) => string;
  /** Now on the project's wall clock, as a picker value (a picker's default). */
  nowPicker: () => Dayjs;
  /** Today's date in the project's zone, 'YYYY-MM-DD'. */
  today: () => string;
}

/** The rule for a zone and a language; `browser` and `now` are seams for tests. */
export function timeRule(
  projectZone: string | null,
  language: string,
  browser: string = browserTimeZone(),
  now: () => number = Date.now,
): TimeRule {
  const zone = projectZone ?? browser;
  const at = now();
  const label = zoneOffsetLabel(zone, at);
  const zoneLabel = label === zoneOffsetLabel(browser, at) ? null : label;
  const toPicker = (value: string | number | Date) => dayjs(dayjs(value).tz(zone).format(WALL_CLOCK));
  const format = (value: string | number | Date | null | undefined, style: TimeStyle = 'dateTime') =>
    value === null || value === undefined || value === '' ? '' : formatInstant(value, zone, language, style);
  return {
    zone,
    zoneLabel,
    format,
    stamp: (value, style) => {
      const text = format(value, style);
      return text && zoneLabel ? `${text} (${zoneLabel})` : text;
    },
    titled: (text) =>
      zoneLabel ? i18n.t('time.zoned', { lng: language, label: text, zone: zoneLabel }) : text,
    toPicker,
    fromPicker: (value) => dayjs.tz(value.format(WALL_CLOCK), zone).toISOString(),
    nowPicker: () => toPicker(now()),
    today: () => dayjs(now()).tz(zone).format('YYYY-MM-DD'),
  };
}

/** The rule for the selected project and the current language; re-renders when either changes. */
export function useProjectTime(): TimeRule {
  const { i18n: current } = useTranslation();
  const projectZone = useTimeZoneStore((s) => s.projectZone);
  // Stable while neither changes: effects may depend on it.
  return useMemo(() => timeRule(projectZone, current.language), [projectZone, current.language]);
}

const projectZoneSchema = z.object({ timeZone: z.string() });

/**
 * Reads the selected project's zone into the store (the layout calls it once; switching project reloads
 * the page). Silent: a role that cannot read the project, or none chosen, keeps the browser's zone.
 */
export function useProjectTimeZoneLoader(projectId: number | null): void {
  const { data } = useQuery({
    queryKey: ['project-time-zone', projectId],
    queryFn: () => get(`/sbuilding/project/${projectId}`, { silent: true, schema: projectZoneSchema }),
    enabled: projectId !== null,
    staleTime: Infinity,
    retry: false,
  });
  const zone = projectId === null ? null : (data?.timeZone ?? null);
  useEffect(() => {
    setProjectTimeZone(zone);
  }, [zone]);
}
