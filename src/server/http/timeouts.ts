// Time-outs and the connection cap of the HTTP server: a slow or idle client cannot hold a
// connection for long, and a flood of them cannot exhaust the process's file descriptors (the
// per-client share of the cap is a setting: `client-connections.ts`).
// Constants, not settings: they follow from the product's largest request, not from a deployment.

export interface ServerTimeouts {
  /** The whole request, body included, must arrive within this (Node answers 408 and closes). */
  requestMs: number;
  /** The body of a request to a route without uploads must arrive within this after its headers (`body-timeout.ts`). */
  bodyMs: number;
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection with no traffic at all (e.g. a client that stops reading an answer) is closed after this. */
  idleMs: number;
  maxConnections: number;
  /** Connections past `maxConnections` that may only ask /healthz or /readyz (`health-reserve.ts`). */
  healthReserve: number;
  /** An upload's body may arrive slower than `uploadMinBytesPerSecond` for this long after its headers (TCP's slow start, a phone waking its radio). */
  uploadGraceMs: number;
  /** After the grace, an upload's body arriving slower than this on average is cut off (408). */
  uploadMinBytesPerSecond: number;
  /** An upload's body that sends nothing for this long is cut off (408). */
  uploadIdleMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  // The largest request is a 5 MB certificate (or ~7 MB of base64 photo): 60 s lets it arrive over
  // a weak mobile uplink (about 1 Mbit/s), while a trickled body is cut off after a minute.
  requestMs: 60_000,
  // Every other body is JSON of at most 64 KB: a second's work on the weakest uplink.
  bodyMs: 10_000,
  headersMs: 10_000,
  // Above the 60 s idle time-out of common load balancers, so that they close first (no 502 on reuse).
  keepAliveMs: 65_000,
  idleMs: 70_000,
  // Three quarters of the usual 1024 file descriptors, leaving the rest to files, the database and logs.
  maxConnections: 768,
  // Enough for the probes of a load balancer and an orchestrator while the cap is reached.
  healthReserve: 32,
  uploadGraceMs: 5_000,
  // 64 kbit/s: a phone on EDGE sends four times as fast; a trickle holding a connection does not.
  uploadMinBytesPerSecond: 8 * 1024,
  uploadIdleMs: 10_000,
};

/** Fastify options for these time-outs; `applyConnectionCap` finishes the job once the server exists. */
export function timeoutOptions(timeouts: ServerTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      // Node checks the request and header time-outs on this interval (30 s by default, too coarse for them).
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, timeouts.requestMs / 4)),
    },
  };
}
