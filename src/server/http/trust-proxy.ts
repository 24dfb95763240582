// Which X-Forwarded-For entries the app believes (TRUST_PROXY), as Fastify's trustProxy option.
// Fastify 5 ignores a bare hop count (it would let a client that reaches the app directly choose
// its own address), so `TRUST_PROXY=1` silently kept the proxy's address as every client's, and
// with it one rate-limit key for the whole site. A hop count here trusts that many hops, each only
// when its address is a private one (loopback, link-local, 10/8, 172.16/12, 192.168/16, fc00::/7):
// a proxy in the same host or network is believed, a client on the internet never is.
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/** Fastify's trustProxy for the parsed setting: false, a hop count (private hops only), or the proxies' addresses. */
export function trustProxyOption(setting: false | number | string[]): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (address: string, hop: number) => hop < hops && isPrivateAddress(address);
}
