// `npm run seed:demo`: a demo data set for a newcomer to click through (issue 4): a main admin,
// two area managers, three reps and forty Italian pharmacies with call history. Idempotent: a
// second run finds everything by e-mail and place id and adds nothing.
import type { CallFlag } from '#shared/reference/call-flags.ts';
import { ITALIAN_CITIES, ITALIAN_REGIONS } from '#shared/reference/italy.ts';
import { ONCOLOGY_STATUSES } from '#shared/reference/oncology-status.ts';
import type { StaffRole } from '#shared/schemas/staff.ts';
import type { Database } from '../db/client.ts';
import { callEntries, fieldPharmacies } from '../db/schema.ts';
import type { AuthService } from '../services/auth/auth.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { refreshStaleExportLines } from '../services/field-force/export-lines.ts';

interface DemoPerson {
  key: string;
  role: StaffRole;
  email: string;
  firstName: string;
  lastName: string;
  manager?: string;
  language?: 'it' | 'en';
}

const DEMO_STAFF: DemoPerson[] = [
  { key: 'admin', role: 'main_admin', email: 'admin@example.com', firstName: 'Main', lastName: 'Admin', language: 'en' },
  { key: 'north', role: 'area_manager', email: 'chiara.ferrari@example.it', firstName: 'Chiara', lastName: 'Ferrari' },
  { key: 'south', role: 'area_manager', email: 'marco.rossi@example.it', firstName: 'Marco', lastName: 'Rossi' },
  { key: 'rep1', role: 'sales_rep', email: 'alessandro.colombo@example.it', firstName: 'Alessandro', lastName: 'Colombo', manager: 'north' },
  { key: 'rep2', role: 'sales_rep', email: 'luca.esposito@example.it', firstName: 'Luca', lastName: 'Esposito', manager: 'south' },
  { key: 'rep3', role: 'sales_rep', email: 'francesca.russo@example.it', firstName: 'Francesca', lastName: 'Russo', manager: 'south' },
];

/** Per city: a postcode, the centre, four invented pharmacies on real-sounding streets. */
const CITY_DATA: Record<string, { cap: string; lat: number; lng: number; team: 'north' | 'south'; pharmacies: [string, string][] }> = {
  Milano: {
    cap: '20121',
    lat: 45.4642,
    lng: 9.19,
    team: 'north',
    pharmacies: [
      ['Farmacia Brera', 'Via Solferino 12'],
      ['Farmacia San Babila', 'Corso Venezia 8'],
      ['Farmacia Porta Romana', 'Corso di Porta Romana 63'],
      ['Farmacia Navigli', 'Ripa di Porta Ticinese 27'],
    ],
  },
  Torino: {
    cap: '10123',
    lat: 45.0703,
    lng: 7.6869,
    team: 'north',
    pharmacies: [
      ['Farmacia Po', 'Via Po 21'],
      ['Farmacia Crocetta', 'Corso De Gasperi 40'],
      ['Farmacia San Salvario', 'Via Nizza 55'],
      ['Farmacia Centrale Carlo Felice', 'Piazza Carlo Felice 15'],
    ],
  },
  Genova: {
    cap: '16121',
    lat: 44.4056,
    lng: 8.9463,
    team: 'north',
    pharmacies: [
      ['Farmacia De Ferrari', 'Via XX Settembre 4'],
      ['Farmacia Castelletto', 'Corso Firenze 22'],
      ['Farmacia Albaro', 'Via Albaro 31'],
      ['Farmacia del Porto Antico', 'Via San Lorenzo 9'],
    ],
  },
  Bologna: {
    cap: '40121',
    lat: 44.4949,
    lng: 11.3426,
    team: 'north',
    pharmacies: [
      ['Farmacia delle Due Torri', 'Strada Maggiore 6'],
      ['Farmacia Santo Stefano', 'Via Santo Stefano 48'],
      ['Farmacia Saragozza', 'Via Saragozza 102'],
      ['Farmacia Bolognina', 'Via Matteotti 17'],
    ],
  },
  Firenze: {
    cap: '50123',
    lat: 43.7696,
    lng: 11.2558,
    team: 'north',
    pharmacies: [
      ['Farmacia Santa Croce', 'Borgo la Croce 44'],
      ['Farmacia Oltrarno', 'Via Maggio 20'],
      ['Farmacia Campo di Marte', 'Viale dei Mille 71'],
      ['Farmacia Novoli', 'Via di Novoli 36'],
    ],
  },
  Roma: {
    cap: '00185',
    lat: 41.9028,
    lng: 12.4964,
    team: 'south',
    pharmacies: [
      ['Farmacia Trastevere', 'Viale di Trastevere 94'],
      ['Farmacia Prati', 'Via Cola di Rienzo 213'],
      ['Farmacia San Giovanni', 'Via Appia Nuova 50'],
      ['Farmacia Monti', 'Via Nazionale 228'],
    ],
  },
  Napoli: {
    cap: '80134',
    lat: 40.8518,
    lng: 14.2681,
    team: 'south',
    pharmacies: [
      ['Farmacia Chiaia', 'Via dei Mille 35'],
      ['Farmacia Vomero', 'Via Scarlatti 88'],
      ['Farmacia Toledo', 'Via Toledo 156'],
      ['Farmacia Posillipo', 'Via Posillipo 41'],
    ],
  },
  Bari: {
    cap: '70121',
    lat: 41.1171,
    lng: 16.8719,
    team: 'south',
    pharmacies: [
      ['Farmacia Murat', 'Via Sparano da Bari 70'],
      ['Farmacia Poggiofranco', 'Viale Salvemini 12'],
      ['Farmacia Madonnella', 'Corso Cavour 190'],
      ['Farmacia San Nicola', 'Strada Palazzo di Città 5'],
    ],
  },
  Palermo: {
    cap: '90133',
    lat: 38.1157,
    lng: 13.3615,
    team: 'south',
    pharmacies: [
      ['Farmacia Politeama', 'Via Ruggero Settimo 55'],
      ['Farmacia Libertà', 'Via della Libertà 112'],
      ['Farmacia Kalsa', 'Via Alloro 23'],
      ['Farmacia Mondello', 'Viale Regina Elena 30'],
    ],
  },
  Catania: {
    cap: '95124',
    lat: 37.5079,
    lng: 15.083,
    team: 'south',
    pharmacies: [
      ['Farmacia Etnea', 'Via Etnea 175'],
      ['Farmacia del Duomo', 'Piazza Duomo 11'],
      ['Farmacia Ognina', 'Via Acque Casse 8'],
      ['Farmacia Borgo', 'Via Caronda 240'],
    ],
  },
};

const NOTES: Record<CallFlag, string> = {
  appointment_scheduled: 'Appuntamento fissato con il titolare.',
  not_interested: 'Il titolare non è interessato per ora.',
  interested_but_requires_another_visit: 'Interessati, da rivedere con la farmacista responsabile.',
  joined_unify: 'Adesione firmata, corso Oncodemia da avviare.',
  post_joining_unify: 'Visita di controllo dopo l’adesione.',
};

/** How a pharmacy's visits went, by its number: from none to joined and followed up, or a no. */
const STORIES: CallFlag[][] = [
  ['appointment_scheduled'],
  ['appointment_scheduled', 'interested_but_requires_another_visit'],
  ['appointment_scheduled', 'interested_but_requires_another_visit', 'joined_unify'],
  ['appointment_scheduled', 'interested_but_requires_another_visit', 'joined_unify', 'post_joining_unify'],
  ['appointment_scheduled', 'not_interested'],
  ['interested_but_requires_another_visit', 'joined_unify'],
];
const DAY = 24 * 3600_000;

/** A pharmacy's visits spread over the past year, a few weeks apart, each with a note; open ones with a next visit. */
function demoVisits(index: number, now: Date): { at: Date; callFlag: CallFlag; month: number; note: string; nextVisit: string | null }[] {
  const story = STORIES[index % STORIES.length]!;
  let daysAgo = 30 + ((index * 37) % 320);
  return story.map((callFlag, i) => {
    if (i > 0) daysAgo = Math.max(1, daysAgo - (14 + ((index + i * 11) % 30)));
    const at = new Date(now.getTime() - daysAgo * DAY);
    const open = i === story.length - 1 && (callFlag === 'appointment_scheduled' || callFlag === 'interested_but_requires_another_visit');
    const nextVisit = open ? new Date(now.getTime() + (7 + (index % 14)) * DAY).toISOString().slice(0, 10) : null;
    return { at, callFlag, month: at.getUTCMonth() + 1, note: NOTES[callFlag], nextVisit };
  });
}

export interface SeedResult {
  users: StaffUser[];
  pharmaciesAdded: number;
  links: { user: StaffUser; link: string }[];
}

export async function seedDemo(db: Database, auth: AuthService, linkBase: string, now = new Date()): Promise<SeedResult> {
  const byKey = new Map<string, StaffUser>();
  for (const person of DEMO_STAFF) {
    let user = await auth.users.findByEmail(person.email);
    if (!user) {
      const manager = person.manager ? byKey.get(person.manager) : undefined;
      const added = await auth.users.add({ ...person, areaManagerId: manager?.id ?? null, language: person.language ?? 'it' });
      user = added === 'duplicate' ? await auth.users.findByEmail(person.email) : await auth.users.findById(added.id);
    }
    if (!user) throw new Error(`could not create ${person.email}`);
    byKey.set(person.key, user);
  }
  const repsOf = { north: [byKey.get('rep1')!], south: [byKey.get('rep2')!, byKey.get('rep3')!] };

  let pharmaciesAdded = 0;
  let index = 0;
  for (const city of ITALIAN_CITIES) {
    const data = CITY_DATA[city.name]!;
    const region = ITALIAN_REGIONS.find((r) => r.id === city.regionId)!;
    for (const [name, street] of data.pharmacies) {
      index += 1;
      const manager = byKey.get(data.team)!;
      const reps = repsOf[data.team];
      // Every fifth pharmacy has no rep yet, so the lists show that case too.
      const rep = index % 5 === 0 ? null : reps[index % reps.length]!;
      const visits = rep ? demoVisits(index, now) : [];
      const last = visits.at(-1);
      const [inserted] = await db
        .insert(fieldPharmacies)
        .values({
          areaManagerId: manager.id,
          salesRepId: rep?.id ?? null,
          name,
          fullAddress: `${street}, ${data.cap} ${city.name} ${city.provinceCode}, Italia`,
          placeId: `demo:it:${String(index).padStart(3, '0')}`,
          lat: Number((data.lat + ((index % 7) - 3) * 0.004).toFixed(5)),
          lng: Number((data.lng + ((index % 5) - 2) * 0.005).toFixed(5)),
          city: city.name,
          region: region.id,
          province: city.provinceCode,
          oncStatus: ONCOLOGY_STATUSES[index % ONCOLOGY_STATUSES.length]!,
          currentCallFlag: last?.callFlag ?? null,
          month: last?.month ?? null,
        })
        .onConflictDoNothing({ target: fieldPharmacies.placeId })
        .returning({ id: fieldPharmacies.id });
      if (!inserted) continue;
      pharmaciesAdded += 1;
      if (visits.length > 0) await db.insert(callEntries).values(visits.map((visit) => ({ ...visit, pharmacyId: inserted.id, byUserId: rep!.id })));
    }
  }

  await refreshStaleExportLines(db);

  const users = DEMO_STAFF.map((p) => byKey.get(p.key)!);
  const links = [];
  for (const user of users) links.push({ user, link: await auth.consoleLink(user, linkBase) });
  return { users, pharmaciesAdded, links };
}

/** `npm run seed:demo` as the operator sees it: loads the demo data and prints the sign-in links. */
export async function runSeedDemoCommand(deps: { db: Database; auth: AuthService; linkBase: string; out: { log(line: string): void } }): Promise<number> {
  const result = await seedDemo(deps.db, deps.auth, deps.linkBase);
  deps.out.log(`Demo data: ${result.users.length} staff users, ${result.pharmaciesAdded} pharmacies added this run.\n`);
  deps.out.log('One-time sign-in links (24 hours, work once, any browser):');
  for (const { user, link } of result.links) deps.out.log(`  ${user.role.padEnd(12)} ${user.email.padEnd(34)} ${link}`);
  return 0;
}
