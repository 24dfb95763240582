// The one way a newly added staff member hears that their account exists (issue 25 item 7): reps
// added by their area manager, area managers and reviewers added by the main admin. The e-mail,
// in the account's language, names the sign-in page of their market, in that language (issue 39);
// sign-in links work only in the browser that asks for one, so it cannot carry a link that signs in.
import type { FastifyRequest } from 'fastify';
import { MARKET_LANGUAGE, marketSpeaking, type Country } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import type { Config } from '../../config.ts';
import { marketBase } from '../links.ts';
import type { Mailer } from '../mail/outbox.ts';
import { storedLanguage } from '../texts.ts';
import { welcomeMail, type WelcomedRole } from './mail.ts';

export interface WelcomedStaff {
  role: WelcomedRole;
  email: string;
  firstName: string;
  language: string;
  /** The name of whoever added them. */
  addedBy: string;
  /** The market whose sign-in page the e-mail names (the field team's); unset: the market that speaks their language (a reviewer's). */
  market?: Country;
}

/** Sends the welcome e-mail; without a public origin for the request's host it logs why and sends nothing. */
export async function welcomeNewStaff(
  request: FastifyRequest,
  deps: { config: Config; mailer: Pick<Mailer, 'sendMail'> },
  person: WelcomedStaff,
): Promise<void> {
  const market = person.market ?? marketSpeaking(person.language) ?? deps.config.defaultMarket;
  const base = marketBase(request, deps.config, market);
  if (!base) {
    request.log.warn({ host: request.headers.host }, 'welcome mail not sent: no public origin for this host (set PUBLIC_URL or MARKET_HOSTS)');
    return;
  }
  const lang = MARKET_LANGUAGE[market] === person.language ? '' : `?lang=${encodeURIComponent(person.language)}`;
  const signInPage = `${base}${routePath('signIn')}${lang}`;
  await deps.mailer.sendMail({
    to: person.email,
    ...welcomeMail(
      person.role,
      storedLanguage(person.language),
      { firstName: person.firstName, email: person.email },
      person.addedBy,
      signInPage,
      deps.config.productName,
    ),
  });
}
