// The web app manifest of the rep's app (issue 24 item 2, decision 0026): installed on a phone's
// home screen, it opens the market's sign-in, which takes a signed-in rep to their list. Its name
// and description are the web's words in the page's language (texts.ts).
import { MARKETS, type Country, type Language } from '#shared/markets.ts';
import { texts } from './texts.ts';

export function webAppManifest(productName: string, basePath: string, country: Country, language: Language) {
  const t = texts(language);
  return {
    name: t('staff.app.name', { product: productName }),
    short_name: t('staff.app.shortName'),
    description: t('staff.app.description', { product: productName }),
    lang: language,
    start_url: `${basePath}/signin${language === MARKETS[country].language ? '' : `?lang=${language}`}`,
    scope: `${basePath}/`,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#6f2c91',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}
