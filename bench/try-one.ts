import { consoleTable } from './lib/report.ts';
const mod = await import(`./${process.argv[2]}.bench.ts`);
const bench = Object.values(mod).find((v) => typeof (v as { run?: unknown }).run === "function") as { run: (c: unknown) => Promise<never[]> };
const rows = await bench.run({ postgresAdminUrl: process.env.TEST_DATABASE_URL ?? null, log: (m: string) => console.log(m), quick: process.argv.includes('--quick') });
console.log(consoleTable(rows));
