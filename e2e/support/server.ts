// The server the end-to-end tests drive: the real app on a fresh data folder, with a low
// bot-check difficulty and a high rate limit. A second, loopback-only port lets tests read
// what was stored (test support only; the product has no such endpoint).
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, desc, eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { applications, callEntries, fieldPharmacies, files, mailOutbox } from '../../src/server/db/schema.ts';
import { unsupportedRuntime } from '../../src/server/runtime.ts';
import { withSentBodies } from '../../src/server/test/mail.ts';

// The end-to-end run fails at once when the server would run on an unsupported Node.js major.
const runtimeProblem = unsupportedRuntime();
if (runtimeProblem) {
  console.error(runtimeProblem);
  process.exit(1);
}

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = mkdtempSync(join(tmpdir(), 'champions-e2e-'));

const config = loadConfig({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  CAPTCHA_MAX_NUMBER: '1000',
  RATE_LIMIT_MAX: '10000',
  // One browser from one address stands in for applicants, reviewers and reps, each journey in
  // contexts of its own whose keep-alive connections outlive it: the per-client cap (32) would
  // refuse a later journey's first page (ERR_SOCKET_NOT_CONNECTED). The cap has its own tests.
  MAX_CONNECTIONS_PER_CLIENT: '0',
});
const app = await buildApp({ ...config }, { logger: false });
await app.services.database.migrate();
await app.listen({ port, host: '127.0.0.1' });

const { db } = app.services.database;
createServer(async (req, res) => {
  try {
    if (req.method === 'POST' && req.url === '/staff') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const input = JSON.parse(raw) as {
        email: string;
        firstName: string;
        lastName: string;
        role: 'main_admin' | 'reviewer' | 'area_manager' | 'sales_rep';
        areaManagerEmail?: string;
      };
      const { users } = app.services.auth;
      const manager = input.areaManagerEmail ? await users.findByEmail(input.areaManagerEmail) : null;
      const added = await users.add({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        language: 'it',
        ...(manager ? { areaManagerId: manager.id } : {}),
      });
      res.writeHead(added === 'duplicate' ? 409 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(added));
      return;
    }
    // The rep's journeys (issue 12): a pharmacy assigned to a rep, a console sign-in link, the call history.
    if (req.method === 'POST' && (req.url === '/field-pharmacies' || req.url === '/staff-link')) {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const input = JSON.parse(raw) as {
        email?: string;
        areaManagerEmail?: string;
        repEmail?: string;
        name?: string;
        fullAddress?: string;
        place?: { placeId: string; lat: number; lng: number };
      };
      const { users } = app.services.auth;
      let answer: unknown;
      if (req.url === '/staff-link') {
        answer = { link: await app.services.auth.consoleLink((await users.findByEmail(input.email!))!, `http://localhost:${port}/it`) };
      } else {
        const [manager, rep] = [await users.findByEmail(input.areaManagerEmail!), await users.findByEmail(input.repEmail!)];
        [answer] = await db
          .insert(fieldPharmacies)
          .values({ areaManagerId: manager!.id, salesRepId: rep!.id, name: input.name!, fullAddress: input.fullAddress!, ...input.place })
          .returning({ id: fieldPharmacies.id });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
      return;
    }
    // Visits recorded earlier (the rep's day, issue 24): entries as a rep's saves would have written them, the pharmacy's flag the latest's.
    if (req.method === 'POST' && req.url === '/call-entries') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const input = JSON.parse(raw) as {
        pharmacyId: string;
        byEmail: string;
        entries: { at: string; callFlag: string; month: number; note?: string; nextVisit?: string }[];
      };
      const by = await app.services.auth.users.findByEmail(input.byEmail);
      await db.insert(callEntries).values(
        input.entries.map((e) => ({
          pharmacyId: input.pharmacyId,
          at: new Date(e.at),
          byUserId: by!.id,
          callFlag: e.callFlag,
          month: e.month,
          note: e.note ?? null,
          nextVisit: e.nextVisit ?? null,
        })),
      );
      const latest = input.entries.reduce((a, b) => (a.at > b.at ? a : b));
      await db.update(fieldPharmacies).set({ currentCallFlag: latest.callFlag, month: latest.month }).where(eq(fieldPharmacies.id, input.pharmacyId));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ added: input.entries.length }));
      return;
    }
    const entriesOf = /^\/call-entries\?pharmacyId=([0-9a-f-]{36})$/.exec(req.url ?? '')?.[1];
    if (entriesOf) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(await db.select().from(callEntries).where(eq(callEntries.pharmacyId, entriesOf)).orderBy(asc(callEntries.at))));
      return;
    }
    if (req.method === 'POST' && req.url === '/applications/status') {
      // Sets an application's status directly (the finder's tests; the review desk's journeys use its API).
      let raw = '';
      for await (const chunk of req) raw += chunk;
      // `submittedAt` moves an application back in time (the decision clock's journeys).
      const input = JSON.parse(raw) as { id: string; status: string; submittedAt?: string };
      const updated = await db
        .update(applications)
        .set({ status: input.status, updatedAt: new Date(), ...(input.submittedAt ? { submittedAt: new Date(input.submittedAt) } : {}) })
        .where(eq(applications.id, input.id))
        .returning({ id: applications.id });
      res.writeHead(updated.length ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ updated: updated.length }));
      return;
    }
    const body =
      req.url === '/applications'
        ? await db.select().from(applications).orderBy(desc(applications.createdAt))
        : req.url === '/files'
          ? await db.select().from(files)
          : req.url === '/mail'
            ? // A delivered row keeps no body (docs/decisions/0042): what was sent is read from its .eml file.
              withSentBodies(config.mail.dir, await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)))
            : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  } catch (error) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: String(error) }));
  }
}).listen(port + 1, '127.0.0.1');

console.log(`e2e server on http://127.0.0.1:${port} (data ${dataDir}), inspection on ${port + 1}`);
