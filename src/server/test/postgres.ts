// A uniquely named PostgreSQL database for one run, dropped afterwards (the role needs CREATEDB).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TempDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTempDatabase(adminUrl: string, prefix = 'champions_resilience'): Promise<TempDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
