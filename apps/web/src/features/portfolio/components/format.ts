/** Numbers as the portfolio shows them, in the console's language. */
export function formatNumber(value: number, language: string, digits = 1): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
}

/** Money in the plan's currency (¥ for CNY), two decimals. */
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
  return Math.abs(kg) >= 1000
    ? `${formatNumber(kg / 1000, language)} tCO2e`
    : `${formatNumber(kg, language)} kgCO2e`;
}
