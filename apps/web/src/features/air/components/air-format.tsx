import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AIR_DECIMALS,
  AIR_UNITS,
  formatAirValue,
  type AirBand,
  type AirRange,
  type AirReading,
  type AirThreshold,
} from '@sbuilding/shared';

/**
 * Solid tags in the dark shades of antd's palette (green-8, orange-8, red-8): white text on them keeps WCAG AA
 * contrast, which the light presets (gold text on pale yellow) do not. The band's word is always written in the
 * tag (never colour alone).
 */
const BAND_COLOURS: Record<AirBand, string> = { Good: '#237804', Moderate: '#ad4e00', Unhealthy: '#a8071a' };

export function formatNumber(value: number, key: AirReading, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: AIR_DECIMALS[key] }).format(value);
}

/** '800 ppm', or '—' without a value. */
export function formatAir(value: number | null, key: AirReading, language: string): string {
  return value === null ? '—' : formatAirValue(value, key, language);
}

export function BandTag({ band }: { band: AirBand | null }) {
  const { t } = useTranslation();
  if (band === null) return null;
  return (
    <Tag color={BAND_COLOURS[band]} variant="solid">
      {t(`air.bands.${band}`)}
    </Tag>
  );
}

/** A value with its band: '800 ppm Good'. */
export function AirValueCell({
  value,
  band,
  reading,
}: {
  value: number | null;
  band: AirBand | null;
  reading: AirReading;
}) {
  const { i18n } = useTranslation();
  return (
    <span className="sb-air-value">
      <span>{formatAir(value, reading, i18n.language)}</span> <BandTag band={band} />
    </span>
  );
}

/** The ranges of a threshold in words: '≤ 800 ppm', '20–26 °C', '< 16 or > 30 °C'. */
export function useRangeWords() {
  const { t, i18n } = useTranslation();
  const n = (v: number, key: AirReading) => formatNumber(v, key, i18n.language);
  const inside = (range: AirRange, key: AirReading): string => {
    const unit = AIR_UNITS[key];
    if (range.min !== null && range.max !== null) return `${n(range.min, key)}–${n(range.max, key)} ${unit}`;
    if (range.max !== null) return `≤ ${n(range.max, key)} ${unit}`;
    if (range.min !== null) return `≥ ${n(range.min, key)} ${unit}`;
    return t('air.any');
  };
  const outside = (threshold: AirThreshold, key: AirReading): string => {
    const unit = AIR_UNITS[key];
    const parts: string[] = [];
    if (threshold.moderate.min !== null) parts.push(`< ${n(threshold.moderate.min, key)} ${unit}`);
    if (threshold.moderate.max !== null) parts.push(`> ${n(threshold.moderate.max, key)} ${unit}`);
    return parts.length === 0 ? t('air.never') : parts.join(` ${t('air.or')} `);
  };
  return { inside, outside };
}
