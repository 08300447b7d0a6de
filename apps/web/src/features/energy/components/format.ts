/** kWh as the board shows them: at most one decimal, grouped in the language's way. */
export function formatKwh(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

/** Money as the board shows it: two decimals in the plan's currency (¥ for CNY), grouped in the language's way. */
export function formatMoney(value: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** Carbon: kgCO2e, or tCO2e from a tonne on. */
export function formatCarbon(kg: number, language: string): string {
  const format = (v: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(v);
  return Math.abs(kg) >= 1000 ? `${format(kg / 1000)} tCO2e` : `${format(kg)} kgCO2e`;
}
