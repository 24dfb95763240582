// `npm run seed:demo`: load the demo staff and Italian pharmacies (idempotent) and print sign-in links.
import { seedDemo } from '../src/server/cli/seed-demo.ts';
import { openCliContext } from '../src/server/cli/context.ts';

const context = await openCliContext();
try {
  const result = await seedDemo(context.db, context.auth, context.linkBase);
  console.log(`Demo data: ${result.users.length} staff users, ${result.pharmaciesAdded} pharmacies added this run.\n`);
  console.log('One-time sign-in links (24 hours, work once, any browser):');
  for (const { user, link } of result.links) console.log(`  ${user.role.padEnd(12)} ${user.email.padEnd(34)} ${link}`);
} finally {
  await context.close();
}
