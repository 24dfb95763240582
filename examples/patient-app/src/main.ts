// node examples/patient-app/src/main.ts <server> <market> <lat> <lng>: syncs the market's listings
// into memory and prints the five nearest to the point, as a patient app would offline.
import { createPatientApp, type Market } from './patient-app.ts';

const [server = 'http://localhost:3000', market = 'uk', lat = '51.5074', lng = '-0.1278'] = process.argv.slice(2);
if (!['uk', 'it', 'de'].includes(market) || !Number.isFinite(Number(lat)) || !Number.isFinite(Number(lng))) {
  console.error('usage: node examples/patient-app/src/main.ts [server] [uk|it|de] [lat] [lng]');
  process.exit(2);
}

const app = createPatientApp({ baseUrl: server, market: market as Market, apiKey: process.env.FINDER_API_KEY });
const started = performance.now();
const { snapshot, changes } = await app.sync();
console.log(
  `${app.listings.size} listings of ${market} in memory (${snapshot ? 'snapshot and ' : ''}${changes} changes, ${Math.round(performance.now() - started)} ms)`,
);
for (const listing of app.nearest(Number(lat), Number(lng), 5)) {
  console.log(`${listing.distanceKm.toFixed(2).padStart(8)} km  ${listing.pharmacyName}, ${listing.address} (${listing.firstName})`);
}
