// `node verify-child.ts FILE`: the scheduled backups' verification as a process of its own
// (verify-backup.ts's verifyInChildProcess starts it): FILE restored into an in-memory database and
// its rows counted; the answer is one JSON line on stdout, exit code 0 when it restores.
import { verifyRestores, type Verification } from './verify-backup.ts';

const file = process.argv[2];
const answer: Verification = file ? await verifyRestores(file) : { ok: false, error: 'No backup file was given to verify.' };
process.stdout.write(`${JSON.stringify(answer)}\n`);
process.exitCode = answer.ok ? 0 : 1;
