// A small bounded cache in front of a provider: repeated searches do not hit the provider again.
import type { Country } from '#shared/markets.ts';
import type { GeocodedAddress, Place, PlacesProvider } from './provider.ts';

export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  constructor(maxEntries: number, ttlMs: number) {
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry); // most recently used goes last
    return entry.value;
  }

  set(key: string, value: V, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size() {
    return this.entries.size;
  }
}

export function withCache(provider: PlacesProvider, maxEntries = 1000, ttlMs = 60 * 60 * 1000): PlacesProvider {
  const searches = new BoundedCache<Place[]>(maxEntries, ttlMs);
  const details = new BoundedCache<Place | null>(maxEntries, ttlMs);
  const geocoded = new BoundedCache<GeocodedAddress | null>(maxEntries, ttlMs);
  return {
    async search(query: string, country: Country) {
      const key = `${country}\u0000${query.trim().toLowerCase()}`;
      const hit = searches.get(key);
      if (hit) return hit;
      const result = await provider.search(query, country);
      searches.set(key, result);
      return result;
    },
    async details(placeId: string) {
      const hit = details.get(placeId);
      if (hit !== undefined) return hit;
      const result = await provider.details(placeId);
      if (result) details.set(placeId, result);
      return result;
    },
    async geocode(address: string, country: Country) {
      const key = `${country}\u0000${address.trim().toLowerCase()}`;
      const hit = geocoded.get(key);
      if (hit !== undefined) return hit;
      const result = await provider.geocode(address, country);
      geocoded.set(key, result);
      return result;
    },
  };
}
