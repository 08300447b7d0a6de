import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { blankValues, sceneFieldsOf, stepIssues, type WizardValues } from './wizard-values';

const base = (over: Partial<WizardValues>): WizardValues => ({
  ...blankValues('timing'),
  name: 'Morning',
  ...over,
});

describe('wizard step checks (the shared scene schema, spec section 5)', () => {
  it('refuses an end date before the start on the basic step', () => {
    const values = base({ effectiveStart: dayjs('2026-05-02'), effectiveEnd: dayjs('2026-05-01') });
    expect(stepIssues(values, 'basic')).toEqual([{ key: 'effectiveEnd', message: 'endDateBeforeStart' }]);
    expect(stepIssues({ ...values, effectiveEnd: dayjs('2026-05-02') }, 'basic')).toEqual([]);
  });

  it('refuses a time twice, and a timing scene without times, on the trigger step only', () => {
    expect(stepIssues(base({ executionTimes: ['08:00', '08:00'] }), 'trigger')).toEqual([
      { key: 'executionTimes', message: 'executeTimeExists' },
    ]);
    expect(stepIssues(base({}), 'trigger')).toEqual([{ key: 'executionTimes', message: 'required' }]);
    expect(stepIssues(base({}), 'basic')).toEqual([]);
  });

  it('asks for a zone when a vacant timeout is set', () => {
    const values = base({ executionTimes: ['08:00'], vacantTimeoutMinutes: 10 });
    expect(stepIssues(values, 'basic')).toEqual([{ key: 'zoneId', message: 'required' }]);
  });

  it('places condition issues on their field, a range on its low end', () => {
    const values = { ...blankValues('device'), name: 'Empty room' };
    values.conditions = [
      { source: 'device', deviceId: 8, property: 'pir', operator: 'within', low: 3, high: 1 },
    ];
    expect(stepIssues(values, 'trigger')).toEqual([{ key: 'conditions.0.low', message: 'invalid' }]);
    values.conditions = [{ source: 'device', operator: 'greater' }];
    expect(stepIssues(values, 'trigger').map((i) => i.key)).toEqual(
      expect.arrayContaining(['conditions.0.deviceId', 'conditions.0.property', 'conditions.0.value']),
    );
  });

  it("says 'Select Target!', 'Execute Action is required!' and 'Select the same category device' on the action step", () => {
    const values = base({ executionTimes: ['08:00'] });
    expect(stepIssues(values, 'action')).toEqual([
      { key: 'targets', message: 'selectTarget' },
      { key: 'actions', message: 'executeActionRequired' },
    ]);
    values.targets = [
      { kind: 'device', id: 1, name: 'Light', category: 'light' },
      { kind: 'group', id: 2, name: 'ACs', category: 'ac' },
    ];
    values.actions = [{ method: 'setOnOff', params: { onOff: true } }];
    expect(stepIssues(values, 'action')).toEqual([{ key: 'targets', message: 'sameCategory' }]);
  });

  it('checks action parameters against the catalogue of the targets’ category', () => {
    const values = base({ executionTimes: ['08:00'] });
    values.targets = [{ kind: 'device', id: 1, name: 'AC', category: 'ac' }];
    values.actions = [{ method: 'setTargetTemp', params: { targetTemp: 40 } }];
    expect(stepIssues(values, 'action')).toEqual([
      { key: 'actions.0.params.targetTemp', message: 'targetTempRange' },
    ]);
    values.actions = [{ method: 'setTargetTemp', params: { targetTemp: 24 } }];
    expect(stepIssues(values, 'action')).toEqual([]);
    expect(sceneFieldsOf(values)).toMatchObject({
      category: 'ac',
      executionTimes: ['08:00'],
      targets: [{ kind: 'device', id: 1 }],
      actions: [{ method: 'setTargetTemp', params: { targetTemp: 24 } }],
      timeRange: null,
      maxExecuteCount: 0,
    });
  });
});
