import type { WeatherProperty } from '@sbuilding/shared';
import type { Reading } from './engine.js';

/** Local weather of spec section 9: now, and today's forecast low and high. */
export type WeatherReport = Record<WeatherProperty, number> & { at: Date };

export interface Place {
  latitude: number;
  longitude: number;
}

/**
 * Where the weather comes from, per project location. Null when nothing is known (then weather conditions
 * do not hold). A report's `at` is when it was observed: a stale one shows its age in explain.
 */
export interface WeatherProvider {
  weatherAt(now: Date, place: Place): Promise<WeatherReport | null>;
}

const DAY_MS = 86_400_000;

/**
 * The default provider: plausible local weather computed from the date and the coordinates, so scenes work
 * offline and in tests (the same instant and place always give the same values). The year's mean falls
 * with latitude and its swing grows with it (Beijing about -2 to 30 °C by day), summer peaks late July in
 * the north (late January in the south), the day's high is at 15:00 local solar time; humidity moves against the temperature; PM2.5 is worse in winter.
 */
export function simulatedWeather(now: Date, place: { latitude: number; longitude: number }): WeatherReport {
  const lat = Math.abs(place.latitude);
  const yearStart = Date.UTC(now.getUTCFullYear(), 0, 1);
  const dayOfYear = (now.getTime() - yearStart) / DAY_MS;
  const summerPeak = place.latitude >= 0 ? 200 : 17;
  const season = Math.cos((2 * Math.PI * (dayOfYear - summerPeak)) / 365);
  const mean = 28 - 0.35 * lat;
  const seasonal = 0.4 * lat * season;
  const solarHour = (now.getUTCHours() + now.getUTCMinutes() / 60 + place.longitude / 15 + 48) % 24;
  const daily = 4 * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
  const dayMean = mean + seasonal;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    temperature: round(dayMean + daily),
    humidity: round(
      Math.min(95, Math.max(20, 62 - 12 * Math.cos((2 * Math.PI * (solarHour - 15)) / 24) - 3 * daily)),
    ),
    pm25: round(Math.max(5, 40 - 25 * season + 10 * Math.sin(dayOfYear / 3))),
    forecastLow: round(dayMean - 4),
    forecastHigh: round(dayMean + 4),
    at: now,
  };
}

export const simulatedWeatherProvider: WeatherProvider = {
  weatherAt: async (now, place) => simulatedWeather(now, place),
};

/** A report as the engine reads it. */
export function weatherReadings(report: WeatherReport | null): (property: WeatherProperty) => Reading {
  return (property) => (report ? { value: report[property], at: report.at } : { value: null, at: null });
}

export const WEATHER_PROVIDERS = ['simulated', 'open-meteo'] as const;
export type WeatherProviderKind = (typeof WEATHER_PROVIDERS)[number];

type Fetch = (
  url: string,
  init?: { signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
function member(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.entries(value).find(([k]) => k === key)?.[1];
}
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : undefined);

/**
 * Open-Meteo (forecast and air-quality APIs, no key). A place is asked at most every `refreshMs`; when a
 * call fails or answers nonsense, the last report of the place is kept, with its own time, so explain shows
 * how old it is; with none yet, nothing is known.
 */
export class OpenMeteoProvider implements WeatherProvider {
  private readonly last = new Map<string, { report: WeatherReport; fetchedAt: number }>();

  constructor(
    private readonly fetchFn: Fetch = fetch,
    private readonly options: { refreshMs?: number; timeoutMs?: number; log?: (error: unknown) => void } = {},
  ) {}

  async weatherAt(now: Date, place: Place): Promise<WeatherReport | null> {
    const key = `${place.latitude.toFixed(2)},${place.longitude.toFixed(2)}`;
    const known = this.last.get(key);
    if (known && now.getTime() - known.fetchedAt < (this.options.refreshMs ?? 600_000)) return known.report;
    try {
      const report = await this.fetchReport(now, place);
      this.last.set(key, { report, fetchedAt: now.getTime() });
      return report;
    } catch (error) {
      this.options.log?.(error);
      return known?.report ?? null;
    }
  }

  private async get(url: string): Promise<unknown> {
    const res = await this.fetchFn(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000) });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res.json();
  }

  private async fetchReport(now: Date, place: Place): Promise<WeatherReport> {
    const where = `latitude=${place.latitude}&longitude=${place.longitude}`;
    const [forecast, air] = await Promise.all([
      this.get(
        `https://api.open-meteo.com/v1/forecast?${where}&current=temperature_2m,relative_humidity_2m&daily=temperature_2m_min,temperature_2m_max&forecast_days=1&timezone=auto`,
      ),
      this.get(`https://air-quality-api.open-meteo.com/v1/air-quality?${where}&current=pm2_5`),
    ]);
    const current = member(forecast, 'current');
    const daily = member(forecast, 'daily');
    const values = {
      temperature: num(member(current, 'temperature_2m')),
      humidity: num(member(current, 'relative_humidity_2m')),
      pm25: num(member(member(air, 'current'), 'pm2_5')),
      forecastLow: num(first(member(daily, 'temperature_2m_min'))),
      forecastHigh: num(first(member(daily, 'temperature_2m_max'))),
    };
    const { temperature, humidity, pm25, forecastLow, forecastHigh } = values;
    if (
      temperature === null ||
      humidity === null ||
      pm25 === null ||
      forecastLow === null ||
      forecastHigh === null
    ) {
      throw new Error('open-meteo: incomplete answer');
    }
    return { temperature, humidity, pm25, forecastLow, forecastHigh, at: now };
  }
}

const providers = new Map<WeatherProviderKind, WeatherProvider>();

/** The provider the configuration names, one per process (its cache is shared by calls and automation). */
export function weatherProvider(kind: WeatherProviderKind): WeatherProvider {
  let provider = providers.get(kind);
  if (!provider) {
    provider = kind === 'open-meteo' ? new OpenMeteoProvider() : simulatedWeatherProvider;
    providers.set(kind, provider);
  }
  return provider;
}
