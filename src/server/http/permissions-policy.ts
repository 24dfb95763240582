// Permissions-Policy (helmet does not send one): the photo step may use the camera of our own
// pages, and the finder's "use my location" the visitor's position (asked only when they press
// it); every other powerful feature that the product never uses is switched off, for us and for
// anything embedded.
import type { FastifyInstance } from 'fastify';

const SELF_ONLY = ['camera', 'geolocation'];
const DENIED = [
  'accelerometer',
  'bluetooth',
  'browsing-topics',
  'display-capture',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

const PERMISSIONS_POLICY = [...SELF_ONLY.map((feature) => `${feature}=(self)`), ...DENIED.map((feature) => `${feature}=()`)].join(', ');

export function addPermissionsPolicy(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
