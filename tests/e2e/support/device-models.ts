import type { Page } from 'playwright-core';
import { choose } from './devices.js';

/** A run's own identities: MACs under 0E:<prefix> (the demo's are 02:5B:…), codes tag + serial. */
export function serialsOf(tag: string, prefix: string) {
  const seed = Date.now() % 0xffffff;
  const hex = (v: number) => (v & 255).toString(16).padStart(2, '0').toUpperCase();
  return {
    mac: (n: number) => `0E:${prefix}:${hex(seed >> 16)}:${hex(seed >> 8)}:${hex(seed)}:${hex(n)}`,
    /** 12 characters: the 3-character prefix, the 6-character tag, a 3-digit serial. */
    code: (n: number) => `E${prefix}${tag}${String(n).padStart(3, '0')}`,
    host: `e2e-${tag.toLowerCase()}.example.com`,
    nameOf: (model: string) => `E2E ${tag} ${model}`,
  };
}
export type Serials = ReturnType<typeof serialsOf>;

/** The add form's fields, by their labels. */
export function addFormOf(page: Page) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  return {
    fill: (label: string, value: string) => field(label).fill(value),
    // antd draws the required marker with CSS, which Chromium puts in the accessible name ('* Building'):
    // fields are found by their label element instead.
    pick: (label: string, option: string) => choose(page, field(label), option),
  };
}
export type AddForm = ReturnType<typeof addFormOf>;

const BLE_CATEGORIES = {
  s2: 'Light',
  e90: 'Light',
  kxx: 'Light panel',
  pir10: 'PIR sensor',
  th10: 'Temperature/humidity sensor',
} as const;

/**
 * Every model but the Bluetooth gateway (added on its own: it has a floor and an initialisation), in an
 * order where each gateway comes before the devices that pick it; each fills its own catalogue fields.
 */
export function modelsToAdd({ mac, code, host, nameOf }: Serials) {
  return [
    {
      model: 'cc10',
      category: 'AC gateway',
      fill: async (f: AddForm) => {
        await f.fill('Gateway address', '7');
        await f.fill('Server address', host);
        await f.fill('Port', '502');
      },
    },
    {
      model: 'ac20',
      category: 'Air conditioner',
      fill: async (f: AddForm) => {
        await f.pick('AC gateway', nameOf('cc10'));
        await f.fill('Indoor unit address', '1');
        await f.fill('Outdoor unit address', '2');
      },
    },
    ...(['s2', 'e90', 'kxx', 'pir10', 'th10'] as const).map((model, i) => ({
      model,
      category: BLE_CATEGORIES[model],
      fill: async (f: AddForm) => {
        await f.fill('MAC address', mac(i + 1));
        await f.fill('Code address', code(i + 1));
        if (model === 'e90') await f.pick('Sensor type', 'Dimmer');
        if (model === 'kxx') await f.pick('Panel type', 'Double switch');
      },
    })),
    {
      model: 'gw4g',
      category: '4G gateway',
      fill: async (f: AddForm) => {
        await f.fill('Code address', code(20));
        await f.fill('Server address', `mqtt://${host}:1883`);
        await f.fill('Port', '1883');
      },
    },
    {
      model: 'ammeter4g',
      category: 'Ammeter',
      fill: async (f: AddForm) => {
        await f.pick('4G gateway', nameOf('gw4g'));
        await f.fill('Code address', code(21));
        await f.fill('Channel', '2');
        await f.fill('Ratio', '1');
        await f.fill('Transformer ratio', '100');
      },
    },
    {
      model: 'sair4g',
      category: 'Air-quality sensor',
      fill: async (f: AddForm) => {
        await f.fill('Code address', code(22));
        await f.fill('Server address', host);
        await f.fill('Port', '1883');
      },
    },
  ];
}
