import { describe, expect, it } from 'vitest';
import { FIELD_LABELS } from '../i18n/validation.js';
import { catalogueView, isModelId, modelsOfCategory } from './catalogue.js';
import { isDeviceCode, isMacAddress, isServerAddr } from './formats.js';
import { DEVICE_LABELS } from './labels.js';
import { DEVICE_MODELS } from './models.js';
import { attributesSchemaFor, createSchemaFor } from './schemas.js';
import { DEVICE_CATEGORIES, MODEL_IDS, type DeviceField, type ModelId } from './types.js';

/** The first issue as "path: message", the way the server's error handler reads it. */
function firstIssue(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'ok';
}

const device = { name: 'Lobby', macAddr: 'A4:C1:38:0F:22:9B', codeAddr: 'A4C1380F229B' };
const dialIn = { name: 'Roof', codeAddr: '866123456789', serverAddr: 'mqtt.example.com', port: 1883 };

/** A valid create body per model; written by hand so the schemas are checked against examples, not themselves. */
const VALID: Record<ModelId, Record<string, unknown>> = {
  ac20: { name: 'AC 2-01', acGatewayId: 7, indoorAddr: 1, outdoorAddr: 0, label: 'East office' },
  cc10: { name: 'AC gw F2', gatewayAddr: 1, serverAddr: '192.168.1.20', port: 502, label: 'F2' },
  s2: { ...device, manufacturerCode: 'TL' },
  e90: { ...device, sensorType: 'dimmer', uiMode: 'compact' },
  kxx: { ...device, panelType: 'three' },
  ba: { ...device, serverAddr: 'tcp://10.0.0.5:8883', port: 8883 },
  gw4g: { ...dialIn, protocol: 'mqtt' },
  ammeter4g: {
    name: 'Meter F2',
    gatewayId: 3,
    codeAddr: '866123456789',
    channel: 4,
    ratio: 1,
    transformerRatio: 40,
  },
  sair4g: dialIn,
  pir10: device,
  th10: device,
  bridge: { name: 'Plant room bridge', macAddr: 'A4:C1:38:0F:22:9C', label: 'Basement' },
};

/** A value the field must refuse, with the message it must give; derived from the data on purpose. */
function breaking(field: DeviceField): [unknown, string][] {
  switch (field.kind) {
    case 'int':
      return [
        [field.min - 1, field.message],
        [field.max + 1, field.message],
        [field.min + 0.5, 'invalid'],
        ['1', 'invalid'],
      ];
    case 'decimal':
      return [
        [field.min - 1, field.message],
        [field.max + 1, field.message],
      ];
    case 'text':
      return [['x'.repeat(field.max + 1), 'tooLong']];
    case 'enum':
      return [
        ['nonsense', 'invalid'],
        ...(field.refused ?? []).map((r): [unknown, string] => [r.value, r.message]),
      ];
    case 'boolean':
      return [['yes', 'invalid']];
    case 'serverAddr':
      return [['http://', 'serverAddr']];
    case 'mac':
      return [['A4:C1:38:0F:22', 'macAddress']];
    case 'code12':
      return [['A4C1380F229', 'deviceCode']];
    case 'deviceRef':
      return [[0, 'invalid']];
  }
}

describe('device catalogue data', () => {
  it('describes every model under its own id, in a known category', () => {
    for (const id of MODEL_IDS) {
      expect(DEVICE_MODELS[id].id).toBe(id);
      expect(DEVICE_CATEGORIES).toContain(DEVICE_MODELS[id].category);
    }
  });

  it('gives every category of spec section 1 at least one model', () => {
    for (const category of DEVICE_CATEGORIES) expect(modelsOfCategory(category).length).toBeGreaterThan(0);
    expect(modelsOfCategory('ac').map((m) => m.id)).toEqual(['ac20']);
    expect(modelsOfCategory('light').map((m) => m.id)).toEqual(['s2', 'e90']);
  });

  it('names every category, model and reading in English and Chinese', () => {
    for (const lang of ['en', 'zh'] as const) {
      const labels = DEVICE_LABELS[lang];
      for (const c of DEVICE_CATEGORIES) expect(labels.categories[c]).toMatch(/\S/);
      for (const id of MODEL_IDS) {
        expect(labels.models[id]).toMatch(/\S/);
        for (const t of DEVICE_MODELS[id].telemetry) expect(labels.telemetry[t.key]).toMatch(/\S/);
      }
    }
    expect(Object.keys(DEVICE_LABELS.zh.telemetry).sort()).toEqual(
      Object.keys(DEVICE_LABELS.en.telemetry).sort(),
    );
  });

  it('labels every field, attribute and command parameter in both languages', () => {
    for (const id of MODEL_IDS) {
      const m = DEVICE_MODELS[id];
      for (const f of [...m.createFields, ...m.attributes, ...m.commands.flatMap((c) => c.params)]) {
        expect(FIELD_LABELS.en[f.name], `${id}.${f.name}`).toMatch(/\S/);
        expect(FIELD_LABELS.zh[f.name], `${id}.${f.name}`).toMatch(/\S/);
      }
    }
  });

  it('lists no field twice within a form, attribute set or command', () => {
    for (const id of MODEL_IDS) {
      const m = DEVICE_MODELS[id];
      for (const list of [m.createFields, m.attributes, ...m.commands.map((c) => c.params)]) {
        const names = list.map((f) => f.name);
        expect(new Set(names).size, id).toBe(names.length);
      }
      const methods = m.commands.map((c) => c.method);
      expect(new Set(methods).size, id).toBe(methods.length);
    }
  });

  it('keeps every sensor and dimming attribute within 0-255, as spec section 3 says', () => {
    for (const id of MODEL_IDS) {
      for (const f of DEVICE_MODELS[id].attributes) {
        if (f.kind === 'int')
          expect([f.min, f.max, f.message], `${id}.${f.name}`).toEqual([0, 255, 'byteRange']);
      }
    }
  });

  it('serves a JSON view that survives a round trip and lists each model under its category', () => {
    const view = catalogueView();
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(view.models.map((m) => m.id)).toEqual([...MODEL_IDS]);
    expect(view.categories.find((c) => c.id === 'ammeter')?.models).toEqual(['ammeter4g']);
    expect(view.models.find((m) => m.id === 'kxx')?.labelKey).toBe('models.kxx');
    expect(isModelId('kxx')).toBe(true);
    expect(isModelId('toString')).toBe(false);
  });
});

describe('create schemas derived from the catalogue', () => {
  it.each(MODEL_IDS)('%s accepts its valid example', (id) => {
    expect(firstIssue(createSchemaFor(id).safeParse(VALID[id]))).toBe('ok');
  });

  it.each(MODEL_IDS)('%s refuses each field that breaks its rule, with the rule’s message', (id) => {
    const schema = createSchemaFor(id);
    for (const field of DEVICE_MODELS[id].createFields) {
      if (field.required) {
        const { [field.name]: _omitted, ...rest } = VALID[id];
        expect(firstIssue(schema.safeParse(rest))).toBe(`${field.name}: required`);
      }
      for (const [value, message] of breaking(field)) {
        expect(firstIssue(schema.safeParse({ ...VALID[id], [field.name]: value })), String(value)).toBe(
          `${field.name}: ${message}`,
        );
      }
    }
  });

  it.each(MODEL_IDS)('%s accepts no field the catalogue does not list', (id) => {
    expect(createSchemaFor(id).safeParse({ ...VALID[id], colour: 'red' }).success).toBe(false);
  });

  it('checks the server address format', () => {
    const schema = createSchemaFor('gw4g');
    for (const ok of ['10.1.2.3', 'mqtt://iot.example.com:1883', 'gw.local', 'https://a-b.example.cn']) {
      expect(firstIssue(schema.safeParse({ ...VALID.gw4g, serverAddr: ok })), ok).toBe('ok');
    }
    for (const bad of ['300.1.1.1', '10.1.2', 'ftp://x.com', 'host:0', 'host:70000', 'a b.com', '-x.com']) {
      expect(firstIssue(schema.safeParse({ ...VALID.gw4g, serverAddr: bad })), bad).toBe(
        'serverAddr: serverAddr',
      );
    }
  });

  it('wants the last-12 code exactly 12 characters and a well-formed MAC address', () => {
    expect(isDeviceCode('A4C1380F229B')).toBe(true);
    expect(isDeviceCode('A4C1380F229B0')).toBe(false);
    expect(isDeviceCode('A4C1380F22 B')).toBe(false);
    expect(isMacAddress('a4-c1-38-0f-22-9b')).toBe(true);
    expect(isMacAddress('A4:C1-38:0F:22:9B')).toBe(false);
    expect(isMacAddress('A4C1380F229B')).toBe(false);
    expect(isServerAddr('x'.repeat(254))).toBe(false);
    expect(firstIssue(createSchemaFor('s2').safeParse({ ...VALID.s2, codeAddr: 'A4C1380F229BX' }))).toBe(
      'codeAddr: deviceCode',
    );
  });

  it('keeps ports within 1-65535 and ammeter channels within 1-4, edges included', () => {
    const cc10 = createSchemaFor('cc10');
    expect(cc10.safeParse({ ...VALID.cc10, port: 65535 }).success).toBe(true);
    expect(firstIssue(cc10.safeParse({ ...VALID.cc10, port: 0 }))).toBe('port: portRange');
    const ammeter = createSchemaFor('ammeter4g');
    expect(ammeter.safeParse({ ...VALID.ammeter4g, channel: 1 }).success).toBe(true);
    expect(firstIssue(ammeter.safeParse({ ...VALID.ammeter4g, channel: 5 }))).toBe('channel: channelRange');
  });
});

describe('attribute schemas derived from the catalogue', () => {
  it.each(MODEL_IDS)('%s saves an empty or partial set, and refuses a 0-255 value at -1 and 256', (id) => {
    const schema = attributesSchemaFor(id);
    expect(schema.safeParse({}).success).toBe(true);
    for (const f of DEVICE_MODELS[id].attributes) {
      if (f.kind !== 'int') continue;
      expect(schema.safeParse({ [f.name]: 0 }).success).toBe(true);
      expect(schema.safeParse({ [f.name]: 255 }).success).toBe(true);
      expect(firstIssue(schema.safeParse({ [f.name]: 256 }))).toBe(`${f.name}: byteRange`);
      expect(firstIssue(schema.safeParse({ [f.name]: -1 }))).toBe(`${f.name}: byteRange`);
    }
  });

  it('lets the e90 carry the sensor and dimming parameters of spec section 3', () => {
    const body = {
      pirOffDelay: 5,
      illuminanceMin: 10,
      illuminanceMax: 200,
      acTempSupport: true,
      fadingTime: 3,
    };
    expect(attributesSchemaFor('e90').parse(body)).toEqual(body);
    expect(firstIssue(attributesSchemaFor('e90').safeParse({ acTempSupport: 1 }))).toBe(
      'acTempSupport: invalid',
    );
  });
});
