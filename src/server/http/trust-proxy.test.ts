import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, trustProxyOption } from './trust-proxy.ts';

/** The client address Fastify settles on for a request from `peer` carrying `forwardedFor`. */
async function clientAddress(setting: false | number | string[], peer: string, forwardedFor: string): Promise<string> {
  const app = Fastify({ trustProxy: trustProxyOption(setting) });
  app.get('/', async (request) => request.ip);
  const response = await app.inject({ url: '/', remoteAddress: peer, headers: { 'x-forwarded-for': forwardedFor } });
  await app.close();
  return response.body;
}

describe('TRUST_PROXY as Fastify applies it', () => {
  it('takes the client address from X-Forwarded-For with a hop count, when the proxy is at a private address', async () => {
    expect(await clientAddress(1, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress(1, '10.1.2.3', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress(2, '10.1.2.3', '198.51.100.1, 172.16.0.4')).toBe('198.51.100.1');
    expect(await clientAddress(1, '::ffff:192.168.1.5', '2001:db8::1')).toBe('2001:db8::1');
  });

  it('never believes X-Forwarded-For from a public address, nor beyond the hop count, nor without the setting', async () => {
    expect(await clientAddress(1, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(await clientAddress(1, '10.1.2.3', '198.51.100.1, 172.16.0.4')).toBe('172.16.0.4');
    expect(await clientAddress(false, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('trusts listed proxy addresses only', async () => {
    expect(await clientAddress(['10.0.0.5'], '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress(['10.0.0.5'], '10.0.0.6', '203.0.113.9')).toBe('10.0.0.6');
  });

  it('knows the private ranges', () => {
    for (const address of ['127.0.0.1', '127.5.0.2', '10.255.0.1', '172.31.9.9', '192.168.0.1', '169.254.1.1', '::1', 'fd12::3', 'fe80::1', '::ffff:10.0.0.1'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '2001:db8::1', '::ffff:8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);
  });
});
