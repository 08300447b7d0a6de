import { useTranslation } from 'react-i18next';
import type { AirBand as Band } from '@sbuilding/shared';

/** An air-quality band as a coloured dot and its word (colour alone says nothing to a screen reader). */
export function AirBand({ band, compact = false }: { band: Band | null; compact?: boolean }) {
  const { t } = useTranslation();
  const key = band ?? 'none';
  return (
    <span className={`wx-band wx-band-${key}${compact ? ' wx-band-compact' : ''}`}>
      <span className="wx-band-dot" aria-hidden />
      {t(`wxProgram.bands.${key}`)}
    </span>
  );
}
