import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS } from './models.js';
import { commandRequestSchemaFor, commandSchemaFor, supportsCommand } from './schemas.js';
import { COMMAND_METHODS, MODEL_IDS } from './types.js';

/** The first issue as "path: message", the way the server's error handler reads it. */
function firstIssue(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'ok';
}

describe('commands validated against the model', () => {
  it('has a schema exactly for the commands a model lists', () => {
    for (const id of MODEL_IDS) {
      for (const method of COMMAND_METHODS) {
        expect(commandSchemaFor(id, method) !== null, `${id}.${method}`).toBe(supportsCommand(id, method));
      }
    }
  });

  it('refuses a work mode on a light and brightness on an air conditioner', () => {
    expect(supportsCommand('s2', 'setWorkMode')).toBe(false);
    expect(commandSchemaFor('s2', 'setWorkMode')).toBeNull();
    expect(commandSchemaFor('ac20', 'setBrightness')).toBeNull();
  });

  it('tells the ac20 it does not support auto mode, and accepts the other modes', () => {
    const schema = commandSchemaFor('ac20', 'setWorkMode');
    expect(firstIssue(schema?.safeParse({ workMode: 'auto' }) ?? {})).toBe('workMode: notSupportAuto');
    for (const mode of ['cool', 'hot', 'wet', 'wind'])
      expect(schema?.safeParse({ workMode: mode }).success).toBe(true);
    expect(firstIssue(schema?.safeParse({ workMode: 'heat' }) ?? {})).toBe('workMode: invalid');
  });

  it('keeps brightness within 0-255, target temperature within 16-30 and fan speed among the four', () => {
    const brightness = commandSchemaFor('s2', 'setBrightness');
    expect(brightness?.safeParse({ lightnessLevel: 255 }).success).toBe(true);
    expect(firstIssue(brightness?.safeParse({ lightnessLevel: 256 }) ?? {})).toBe(
      'lightnessLevel: byteRange',
    );
    const temp = commandSchemaFor('ac20', 'setTargetTemp');
    expect(temp?.safeParse({ targetTemp: 16 }).success).toBe(true);
    expect(firstIssue(temp?.safeParse({ targetTemp: 31 }) ?? {})).toBe('targetTemp: targetTempRange');
    const fan = commandSchemaFor('ac20', 'setFanSpeed');
    expect(fan?.safeParse({ fanSpeed: 'auto' }).success).toBe(true);
    expect(firstIssue(fan?.safeParse({ fanSpeed: 'turbo' }) ?? {})).toBe('fanSpeed: invalid');
  });

  it('lets a panel press any of its buttons and reboots only gateways', () => {
    const buttons = commandSchemaFor('kxx', 'setButtons');
    expect(buttons?.safeParse({ left: true }).success).toBe(true);
    expect(buttons?.safeParse({ left: true, mid: false, right: true }).success).toBe(true);
    expect(buttons?.safeParse({ top: true }).success).toBe(false);
    const rebootable = MODEL_IDS.filter((id) => supportsCommand(id, 'reboot'));
    expect(rebootable.map((id) => DEVICE_MODELS[id].category).sort()).toEqual([
      'acGateway',
      'bleGateway',
      'gateway4g',
    ]);
    expect(commandSchemaFor('ba', 'reboot')?.safeParse({}).success).toBe(true);
  });

  it('reads a command body, naming the method or the parameter that is wrong', () => {
    const ac = commandRequestSchemaFor('ac20');
    expect(ac.parse({ method: 'setTargetTemp', params: { targetTemp: 24 } })).toEqual({
      method: 'setTargetTemp',
      params: { targetTemp: 24 },
    });
    expect(firstIssue(ac.safeParse({ method: 'setWorkMode', params: { workMode: 'auto' } }))).toBe(
      'params.workMode: notSupportAuto',
    );
    expect(firstIssue(ac.safeParse({ method: 'setBrightness', params: { lightnessLevel: 9 } }))).toBe(
      'method: invalid',
    );
    expect(firstIssue(ac.safeParse({ params: {} }))).toBe('method: required');
    expect(commandRequestSchemaFor('ba').parse({ method: 'reboot' })).toEqual({
      method: 'reboot',
      params: {},
    });
    expect(firstIssue(commandRequestSchemaFor('th10').safeParse({ method: 'reboot' }))).toBe(
      'method: invalid',
    );
  });
});
