// GET /api/captcha/challenge (DESIGN §6): the ALTCHA widget fetches it itself.
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';
