/**
 * Units are written as their symbols in both languages (issue 18): kWh, kW, W, kWh/m², m², °C, kgCO2e, ppm,
 * %RH, lx, as Chinese building-energy software writes them (`用电量（kWh）`, `面积（m²）`), never in words
 * (千瓦时, 平方米, 摄氏度, kilowatt-hours, square metres, degrees). Durations are the one exception: they are
 * words of the language in prose (10 分钟, 24 小时, 10 minutes), as both languages write them.
 *
 * Each pattern finds a unit spelled in words; the catalogue tests and the server's texts check against them.
 */
const UNIT_WORDS: readonly RegExp[] = [
  // Energy and power: 千瓦时, 兆瓦时, 瓦时, 千瓦, 兆瓦, 瓦特, and a bare 瓦 after a figure or in brackets.
  /[千兆]?瓦时|[千兆]瓦|瓦特/g,
  /(?:\d|\}\}|[（(每])\s*瓦/g,
  // 度 for kWh (度电, 100 度) or for °C (调低一度, 2 度): after a figure, never inside 温度/亮度/电度电费.
  /度电(?!费)|(?:\d|\}\}|[一二两三四五六七八九十])\s*度(?!电费)/g,
  /平方米|平米|立方米|摄氏度?|华氏度?|千克|公斤|毫克|微克|吨|勒克斯|伏特|安培|赫兹|分贝/g,
  /\bkilo(?:watt|gram|metre|meter)s?\b|\bkilowatt-hours?\b|\bwatts?\b|\bsquare (?:metre|meter)s?\b/gi,
  /\bcubic (?:metre|meter)s?\b|\bdegrees?\b|\bcelsius\b|\bfahrenheit\b|\btonnes?\b|\bkilograms?\b/gi,
];

/** The units `text` spells in words instead of writing their symbols; empty when it follows the rule. */
export function unitsInWords(text: string): string[] {
  return UNIT_WORDS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[0]));
}
