// Downloads one URL in its own process, so that reading the bytes does not take the server's
// thread (a real client is a browser on another machine), and prints one JSON line:
// { seconds, bytes, lines, status }, timed from the request to the last byte.
//   node --import tsx bench/lib/download-client.ts <url> <cookie>
import http from 'node:http';

const [url, cookie] = process.argv.slice(2) as [string, string];
const started = performance.now();
http
  .get(url, { headers: { cookie } }, (response) => {
    let bytes = 0;
    let lines = 0;
    response.on('data', (chunk: Buffer) => {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
    });
    response.on('end', () => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`${JSON.stringify({ seconds, bytes, lines, status: response.statusCode })}\n`);
    });
  })
  .on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
