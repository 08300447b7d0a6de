import { describe, expect, it } from 'vitest';
import { keyLabel } from './key-label.js';
import { DEVICE_MODELS } from './models.js';

describe('keyLabel', () => {
  it('names the readings the control log showed raw by the catalogue, in both languages', () => {
    expect(['roomTemp', 'pir', 'humidity', 'illuminance'].map((k) => keyLabel('en', k))).toEqual([
      'Measured temperature',
      'PIR',
      'Humidity',
      'Ambient brightness',
    ]);
    expect(['roomTemp', 'pir', 'humidity', 'illuminance'].map((k) => keyLabel('zh', k))).toEqual([
      '测量温度',
      '人体感应',
      '湿度',
      '环境亮度',
    ]);
  });

  it('names a per-channel reading by its reading and channel', () => {
    expect(keyLabel('en', 'power2')).toBe('Power (channel 2)');
    expect(keyLabel('zh', 'energy4')).toBe('电量（通道 4）');
  });

  it('names an attribute by its form label and leaves an unknown key as sent', () => {
    expect(keyLabel('en', 'illuminanceMin')).toBe('Illuminance min');
    expect(keyLabel('en', 'somethingNew')).toBe('somethingNew');
    expect(keyLabel('en', 'constructor')).toBe('constructor');
  });

  it('gives every reading of every model a name that is not its key', () => {
    for (const model of Object.values(DEVICE_MODELS)) {
      for (const spec of model.telemetry) {
        for (const lang of ['en', 'zh'] as const) expect(keyLabel(lang, spec.key)).not.toBe(spec.key);
      }
    }
  });
});
