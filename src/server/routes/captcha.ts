// GET /api/captcha/challenge: the `challengeurl` of the ALTCHA widget.
import type { FastifyInstance } from 'fastify';
import * as Api from '#shared/api/endpoints.ts';
import type { CaptchaService } from '../services/captcha.ts';

export async function captchaRoutes(app: FastifyInstance, deps: { captcha: CaptchaService; rateLimit: { max: number; timeWindow: string } }) {
  app.get(Api.captchaChallenge.path, { config: { rateLimit: deps.rateLimit } }, async (_request, reply) => {
    const challenge = await deps.captcha.challenge();
    return reply.header('cache-control', 'no-store').send(challenge);
  });
}
