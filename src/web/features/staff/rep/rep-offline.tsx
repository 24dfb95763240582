// Above every page of a signed-in rep (issue 24 item 2): the app kept ready for visits without a
// connection (src/web/lib/offline-app.ts), and, when the session ended while visits waited, the
// way to sign in again and send them.
import { MARKET_LANGUAGE } from '#shared/markets.ts';
import { useOutbox } from '../../../forms/offline-outbox.ts';
import { useOfflineApp } from '../../../lib/offline-app.ts';
import { useSite } from '../../../lib/site-context.tsx';
import { SignInToSend } from './sign-in-to-send.tsx';

export function RepOffline({ repId }: { repId: string }) {
  const { config } = useSite();
  useOfflineApp(repId, { basePath: config.basePath, language: config.language, marketLanguage: MARKET_LANGUAGE[config.country] });
  const { pending, signInNeeded } = useOutbox('rep-visit');
  return signInNeeded ? <SignInToSend count={pending.length} /> : null;
}
