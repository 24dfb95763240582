// The server as an operator runs it on PostgreSQL (the PostgreSQL run only: npm run test:api:postgres).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFileOf } from './db/lock.ts';
import { usingPostgres } from './test/context.ts';
import { dataDirWithWeb, health, killChildren, startServer, staff } from './test/main-process.ts';
import { createTempDatabase } from './test/postgres.ts';

const SLOW = { timeout: 180_000 };

afterEach(killChildren);

describe.runIf(usingPostgres())('on PostgreSQL', () => {
  it('locks nothing: two servers share one DATA_DIR and database, and a staff command reaches both directly', SLOW, async () => {
    const temp = await createTempDatabase(process.env.TEST_DATABASE_URL!, 'champions_process');
    try {
      const dataDir = dataDirWithWeb();
      const env = { DATABASE_URL: temp.url };
      const first = startServer(dataDir, env);
      const firstPort = await first.port; // one at a time: the first applies the migrations
      const second = startServer(dataDir, env);
      const secondPort = await second.port;
      expect(existsSync(lockFileOf(path.join(dataDir, 'db')))).toBe(false);

      const added = await staff(
        dataDir,
        ['add', '--role', 'area_manager', '--email', 'anna.verdi@example.it', '--first-name', 'Anna', '--last-name', 'Verdi'],
        env,
      );
      expect(added.code, added.output).toBe(0);
      const token = /signin\/verify\?token=([^&\s]+)/.exec(added.output)![1];
      const verify = await fetch(`http://127.0.0.1:${secondPort}/api/auth/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(verify.status).toBe(200);
      expect(await health(firstPort)).toBe(200);

      first.child.kill('SIGTERM');
      second.child.kill('SIGTERM');
      expect((await first.exited).code).toBe(0);
      expect((await second.exited).code).toBe(0);
    } finally {
      await temp.drop();
    }
  });
});
