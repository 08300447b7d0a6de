import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { useProjectCurrency } from '../api/project-currency';

/** How the fault-detection screens write figures and times. */
export interface FddFormat {
  /** Money in the project's currency (its tariff's), else a plain figure; two decimals either way. */
  money: (value: number) => string;
  kwh: (value: number) => string;
  co2: (value: number) => string;
  watts: (value: number) => string;
  /** A reading (a counter's value), grouped, up to three decimals. */
  number: (value: number) => string;
  /** An instant on the project's clock, '-' when there is none. */
  time: (iso: string | null | undefined) => string;
}

/**
 * The feature's one place for numbers: money as the energy-billing pages write it (Intl's currency style in
 * the console's language) when the project has a tariff, units as symbols, times by the project's time rule.
 */
export function useFddFormat(projectId: number): FddFormat {
  const { i18n } = useTranslation();
  const times = useProjectTime();
  const currency = useProjectCurrency(projectId, times.today()).data ?? null;
  const language = i18n.language;
  return useMemo(() => {
    const cents = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    const money = new Intl.NumberFormat(
      language,
      currency ? { style: 'currency', currency, ...cents } : cents,
    );
    const one = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    const reading = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
    return {
      money: (v) => money.format(v),
      kwh: (v) => `${one.format(v)} kWh`,
      co2: (v) => `${one.format(v)} kgCO2e`,
      watts: (v) => `${whole.format(v)} W`,
      number: (v) => reading.format(v),
      time: (iso) => (iso ? times.format(iso) : '-'),
    };
  }, [language, currency, times]);
}
