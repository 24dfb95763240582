// One insert path for a new application (issue 40 item 5): its columns are read from the Drizzle
// table, so the one-statement save writes every column of the row, as the transaction's path does.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, pharmacies } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { ukApplication } from '../test/payloads.ts';
import { createApplicationStore, type ApplicationInput } from './applications.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('a new application', () => {
  it('is written with every column of its row on the one-statement path, the store’s clock included', async () => {
    const clock = new Date('2031-02-03T04:05:06.000Z');
    const store = createApplicationStore(ctx.database.db, { productName: 'Pharmacy Champions', supportEmail: 'support@example.com' }, () => clock);
    const input = ukApplication() as unknown as ApplicationInput;
    const saved = await store.save(input);
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, saved.id));
    expect(row).toMatchObject({
      email: input.email,
      firstName: input.firstName,
      placeId: input.placeId,
      reference: saved.reference,
      status: 'submitted',
      updatedAt: clock,
    });
    expect(row!.answers).toMatchObject({ appStoreCountry: 'uk', formLanguage: 'en', email: input.email });
    const [pharmacy] = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.placeId, input.placeId));
    expect(pharmacy).toMatchObject({ name: input.whereYouWork, lat: input.lat, lng: input.lng });
  });
});

describe('the insert path of a new application', () => {
  it('is one: no server module but this store inserts into the applications table', () => {
    const server = path.resolve(import.meta.dirname, '..');
    // The bench's raw baseline and the tests' fixtures write rows by hand on purpose (test/).
    const modules = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`test${path.sep}`),
    );
    const inserting = modules.filter((file) => /\.insert\(applications\)|insert into applications/i.test(readFileSync(path.join(server, file), 'utf8')));
    expect(inserting).toEqual([]);
  });
});
