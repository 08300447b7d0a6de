/** kWh as the board shows them: at most one decimal, grouped in the language's way. */
export function formatKwh(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
}
