// Photo uploaders, run as their own process so that building and sending 5 MB bodies does not
// delay the measuring process's event loop.   node --import tsx bench/lib/uploaders.ts <url> <uploaders>
// Prints "started" once every uploader has a request on the wire; on "stop" (stdin) finishes the
// uploads in flight and prints one JSON line: answers by HTTP status.
import { createInterface } from 'node:readline';
import { fiveMegabyteJpeg } from '../../src/server/test/images.ts';
import { solvedTokensFrom } from '../../src/server/test/bot-check.ts';

const [url, countText] = process.argv.slice(2);
const count = Number(countText);
const data = `data:image/jpeg;base64,${(await fiveMegabyteJpeg()).toString('base64')}`;
let uploading = true;
let started = 0;
const statuses: Record<string, number> = {};

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stop') uploading = false;
});

const uploader = async () => {
  while (uploading) {
    const [recaptchaToken] = await solvedTokensFrom(url!, 1);
    const request = fetch(`${url}/api/save-temp-pharmacist-image`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data, recaptchaToken }),
    });
    if (++started === count) console.log('started');
    const response = await request;
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
};
await Promise.all(Array.from({ length: count }, uploader));
console.log(JSON.stringify(statuses));
process.exit(0);
