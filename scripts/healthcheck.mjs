// The container's HEALTHCHECK (Containerfile, compose.yaml): exits 0 when this server's GET /readyz
// answers 200 within 4 seconds, else 1. It asks the server on its own PORT and HOST (a wildcard
// HOST, the default 0.0.0.0, is asked on loopback), so it needs nothing but Node.js in the image.
const port = process.env.PORT || '3000';
const configured = process.env.HOST || '0.0.0.0';
const host = configured === '0.0.0.0' ? '127.0.0.1' : configured === '::' ? '[::1]' : configured.includes(':') ? `[${configured}]` : configured;

try {
  const response = await fetch(`http://${host}:${port}/readyz`, { signal: AbortSignal.timeout(4000) });
  if (!response.ok) console.error(`GET /readyz answered ${response.status}: ${await response.text()}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`GET /readyz: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
