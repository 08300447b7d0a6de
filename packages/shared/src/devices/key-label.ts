import { FIELD_LABELS } from '../i18n/validation.js';
import { DEVICE_LABELS } from './labels.js';
import { DEVICE_MODELS } from './models.js';

/** Languages of the catalogue's labels (the server's `Lang` EN/ZH and the console's en/zh-CN map onto them). */
export type LabelLang = keyof typeof DEVICE_LABELS;

/** A per-channel reading's name: the ammeter's `power2` is channel 2's power. */
const CHANNEL_LABEL: Record<LabelLang, (label: string, channel: string) => string> = {
  en: (label, channel) => `${label} (channel ${channel})`,
  zh: (label, channel) => `${label}（通道 ${channel}）`,
};

const PER_CHANNEL_KEYS: ReadonlySet<string> = new Set(
  Object.values(DEVICE_MODELS).flatMap((m) => m.telemetry.filter((s) => s.perChannel).map((s) => s.key)),
);

function own(labels: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(labels, key) ? labels[key] : undefined;
}

/**
 * The one name people read for a telemetry reading, attribute or command parameter key (`roomTemp` is
 * 'Measured temperature', `power2` 'Power (channel 2)'): the catalogue's reading name first, then the form
 * field's label, else the key itself (a key the catalogue does not know, shown as the device sent it).
 * Every screen and text that shows such a key goes through this, so a reading has one name everywhere.
 */
export function keyLabel(lang: LabelLang, key: string): string {
  const reading = own(DEVICE_LABELS[lang].telemetry, key);
  if (reading !== undefined) return reading;
  const channel = /^([a-zA-Z]+)([1-9])$/.exec(key);
  if (channel?.[1] && channel[2] && PER_CHANNEL_KEYS.has(channel[1])) {
    const base = own(DEVICE_LABELS[lang].telemetry, channel[1]);
    if (base !== undefined) return CHANNEL_LABEL[lang](base, channel[2]);
  }
  return own(FIELD_LABELS[lang], key) ?? key;
}
