import { describe, expect, it } from 'vitest';
import { emailContent, emailTime, type NotificationMessage } from './senders.js';

const MESSAGE: NotificationMessage = {
  deliveryId: 1,
  event: 'raised',
  time: '2026-11-26T06:05:10.000Z',
  level: 'urgent',
  project: { id: 3, name: 'Harbour Tower' },
  scene: null,
  workOrder: null,
  fault: null,
  alert: {
    id: 42,
    level: 'urgent',
    status: 'alerting',
    type: 'offline',
    deviceName: 'Lobby sensor',
    object: 'Lobby sensor',
    address: 'B1',
    positionName: 'Lobby',
    alertTime: '2026-11-26T06:05:09.000Z',
    resolvedAt: null,
    solution: null,
  },
};

describe("an e-mail's times (issue 18)", () => {
  it("writes them in the project's zone, 24-hour, with the zone", () => {
    expect(emailTime('2026-11-26T06:05:09.000Z', 'Asia/Shanghai')).toBe('2026-11-26 14:05:09 (UTC+08:00)');
    expect(emailTime('2026-07-01T18:30:00.000Z', 'America/New_York')).toBe('2026-07-01 14:30:00 (UTC-04:00)');
    expect(emailTime(null, 'Asia/Shanghai')).toBeNull();
  });

  it('puts them in the text instead of UTC instants', () => {
    const { text } = emailContent(MESSAGE, 'Asia/Shanghai');
    expect(text).toContain('Alert time / 告警时间: 2026-11-26 14:05:09 (UTC+08:00)');
    expect(text).toContain('Time / 时间: 2026-11-26 14:05:10 (UTC+08:00)');
    expect(text).toContain('Resolved at / 解决时间: -');
    expect(text).not.toContain('T06:05');
    const test = emailContent({ ...MESSAGE, event: 'test', alert: null }, 'Europe/Berlin');
    expect(test.text).toContain('Time / 时间: 2026-11-26 07:05:10 (UTC+01:00)');
  });
});

describe("a fault finding's e-mail (issue 38)", () => {
  it('names the rule in both languages, the device, its place and what it wastes', () => {
    const { subject, text } = emailContent(
      {
        ...MESSAGE,
        event: 'faultRaised',
        level: null,
        alert: null,
        fault: {
          id: 9,
          rule: 'acOnVacant',
          deviceId: 31,
          deviceName: 'Lobby AC',
          place: 'Building A / Lobby',
          status: 'open',
          at: '2026-11-26T06:05:10.000Z',
          firstSeen: '2026-11-26T05:55:00.000Z',
          wasteKwh: 1.25,
          wasteCost: 0.9,
          wasteKwhPerDay: 1.25,
        },
      },
      'Asia/Shanghai',
    );
    expect(subject).toBe(
      '[sbuilding] fault found: Air conditioner running in an empty room, Lobby AC / 发现故障：无人房间空调在运行，Lobby AC',
    );
    expect(text).toContain('Place / 位置: Building A / Lobby');
    expect(text).toContain('First seen / 首次发现: 2026-11-26 13:55:00 (UTC+08:00)');
    expect(text).toContain('Wasted so far / 累计浪费: 1.25 kWh, 0.90');
  });
});
