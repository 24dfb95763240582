// Each market's own clock (a table beside the market table, so that the entry chunk, which holds
// the market table, does not carry it): a date a page shows is the same day on the server that
// renders it and in the browser, wherever either runs.
import type { Country } from './markets.ts';

export const MARKET_TIME_ZONE: Record<Country, string> = { uk: 'Europe/London', it: 'Europe/Rome', de: 'Europe/Berlin' };
