import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { setLanguage } from './i18n';
import { envelope, seen, serve } from '@/test/http';
import {
  setProjectTimeZone,
  timeRule,
  useProjectTime,
  useProjectTimeZoneLoader,
  useTimeZoneStore,
} from './time';

// 06:05:09 UTC on a November day: 14:05:09 in Shanghai, 01:05:09 in New York.
const AT = '2026-11-26T06:05:09Z';
const NOW = () => Date.parse(AT);

describe('the console time rule, a browser in New York and a project in Shanghai', () => {
  const rule = (language: string) => timeRule('Asia/Shanghai', language, 'America/New_York', NOW);

  it("writes times in the project's zone, 24-hour in both languages", () => {
    expect(rule('en').format(AT)).toBe('2026-11-26 14:05:09');
    expect(rule('zh-CN').format(AT)).toBe('2026-11-26 14:05:09');
    expect(rule('en').format(AT, 'time')).toBe('14:05:09');
    expect(rule('en').format(null)).toBe('');
  });

  it('stamps a time written without a header with its zone where the browser is elsewhere', () => {
    expect(rule('en').stamp(AT, 'dateTimeMinutes')).toBe('2026-11-26 14:05 (UTC+08:00)');
    expect(timeRule('Asia/Shanghai', 'en', 'Asia/Taipei', NOW).stamp(AT)).toBe('2026-11-26 14:05:09');
    expect(rule('en').stamp(null)).toBe('');
  });

  it('labels times with the zone, in the language of the page', async () => {
    await setLanguage('en');
    expect(rule('en').zoneLabel).toBe('UTC+08:00');
    expect(rule('en').titled('Time')).toBe('Time (UTC+08:00)');
    expect(rule('zh-CN').titled('时间')).toBe('时间（UTC+08:00）');
  });

  it("leaves the label out where the browser's zone has the project's offset", () => {
    const same = timeRule('Asia/Shanghai', 'en', 'Asia/Taipei', NOW);
    expect(same.zoneLabel).toBeNull();
    expect(same.titled('Time')).toBe('Time');
  });

  it("falls back to the browser's zone, unlabelled, while the project's is unknown", () => {
    const none = timeRule(null, 'en', 'America/New_York', NOW);
    expect(none.zone).toBe('America/New_York');
    expect(none.zoneLabel).toBeNull();
    expect(none.format(AT, 'time')).toBe('01:05:09');
  });

  it("shows pickers the project's wall clock and reads a picked value in the project's zone", () => {
    const r = rule('en');
    expect(r.toPicker(AT).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-26 14:05:09');
    expect(r.fromPicker(r.toPicker(AT))).toBe('2026-11-26T06:05:09.000Z');
    expect(r.nowPicker().format('HH:mm')).toBe('14:05');
    // 20:00 UTC is already the 27th in Shanghai.
    expect(
      timeRule('Asia/Shanghai', 'en', 'America/New_York', () => Date.parse('2026-11-26T20:00:00Z')).today(),
    ).toBe('2026-11-27');
  });
});

describe('the selected project', () => {
  beforeEach(() => setProjectTimeZone(null));
  afterEach(() => setProjectTimeZone(null));

  it("reads the selected project's zone and hands it to every time", async () => {
    serve({ '/sbuilding/project/5': envelope(200, { id: 5, timeZone: 'Pacific/Auckland' }) });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    renderHook(() => useProjectTimeZoneLoader(5), { wrapper });
    await waitFor(() => expect(useTimeZoneStore.getState().projectZone).toBe('Pacific/Auckland'));
    expect(seen.map((c) => c.url)).toEqual(['/sbuilding/project/5']);
    const { result } = renderHook(() => useProjectTime());
    expect(result.current.zone).toBe('Pacific/Auckland');
    // Auckland is on daylight saving time in November (UTC+13).
    expect(result.current.format(AT, 'time')).toBe('19:05:09');
  });

  it("keeps the browser's zone when no project is chosen or it cannot be read", async () => {
    serve({});
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    renderHook(() => useProjectTimeZoneLoader(null), { wrapper });
    expect(seen).toEqual([]);
    renderHook(() => useProjectTimeZoneLoader(9), { wrapper });
    await waitFor(() => expect(seen.map((c) => c.url)).toEqual(['/sbuilding/project/9']));
    expect(useTimeZoneStore.getState().projectZone).toBeNull();
  });
});
