import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render.tsx';
import { DatenschutzPage } from './datenschutz-page.tsx';
import { ImpressumPage } from './impressum-page.tsx';
import { NutzungsbedingungenPage } from './nutzungsbedingungen-page.tsx';
import { axeViolations } from '../../test/axe.ts';

afterEach(cleanup);

const PAGES = [
  { path: '/datenschutz', Page: DatenschutzPage, title: 'Datenschutzerklärung und Cookie-Richtlinie' },
  { path: '/nutzungsbedingungen', Page: NutzungsbedingungenPage, title: 'Nutzungsbedingungen' },
  { path: '/impressum', Page: ImpressumPage, title: 'Impressum' },
] as const;

function Site() {
  return (
    <Routes>
      <Route path="/" element={<Link to="/datenschutz">Zur Datenschutzerklärung</Link>} />
      {PAGES.map(({ path, Page }) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
    </Routes>
  );
}

async function contentsLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Inhalt' });
  return within(nav).getAllByRole('link');
}

function text(): HTMLElement {
  return document.querySelector<HTMLElement>('.legal__text')!;
}

/** The words of the English legal.json, without their placeholders. */
function englishWords(): string[] {
  const flatten = (value: unknown): string[] => (typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(flatten));
  const en = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'shared', 'i18n', 'messages', 'en', 'legal.json'), 'utf8')) as unknown;
  return flatten(en)
    .flatMap((value) => value.split(/\{\{\s*\w+\s*\}\}/))
    .map((part) => part.trim())
    .filter((part) => part.length > 2);
}

describe('DatenschutzPage', () => {
  it('has 11 numbered sections, each in the contents, and the date of 25 November 2026', async () => {
    await renderInSite(<DatenschutzPage />, { country: 'de', route: '/datenschutz', settle: true });
    const links = await contentsLinks();
    expect(screen.getByRole('heading', { level: 1, name: 'Datenschutzerklärung und Cookie-Richtlinie' })).toBeInTheDocument();
    expect(screen.getByText('Stand: 25.11.2026')).toBeInTheDocument();
    expect(document.title).toBe('Datenschutzerklärung und Cookie-Richtlinie – Pharmacy Champions');

    const sections = [...text().querySelectorAll('h2')];
    expect(sections).toHaveLength(11);
    sections.forEach((heading, index) => expect(heading.textContent).toMatch(new RegExp(`^${index + 1}\\. \\S`)));
    expect(links).toHaveLength(11);
    links.forEach((link, index) => {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target).toBe(sections[index]);
    });
  });

  it('has a table of the rights A to H, with their articles and how to use them', async () => {
    await renderInSite(<DatenschutzPage />, { country: 'de', route: '/datenschutz', settle: true });
    await contentsLinks();
    const table = screen.getByRole('table', { name: 'Ihre Rechte als betroffene Person (A bis H)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Recht', 'Was es bedeutet', 'So üben Sie es aus']);
    const rights = within(table).getAllByRole('rowheader');
    const expected = [
      ['A', 'Auskunft (Art. 15 DSGVO)'],
      ['B', 'Berichtigung (Art. 16 DSGVO)'],
      ['C', 'Löschung (Art. 17 DSGVO)'],
      ['D', 'Einschränkung der Verarbeitung (Art. 18 DSGVO)'],
      ['E', 'Datenübertragbarkeit (Art. 20 DSGVO)'],
      ['F', 'Widerspruch (Art. 21 DSGVO)'],
      ['G', 'Widerruf der Einwilligung (Art. 7 Abs. 3 DSGVO)'],
      ['H', 'Beschwerde bei einer Aufsichtsbehörde (Art. 77 DSGVO)'],
    ];
    expect(rights.map((cell) => cell.textContent)).toEqual(expected.map(([letter, name]) => `${letter} ${name}`));
    for (const [letter] of expected) {
      const row = document.getElementById(`recht-${letter!.toLowerCase()}`)!;
      expect(row.tagName).toBe('TR');
      const [meaning, how] = within(row).getAllByRole('cell');
      expect(meaning!.textContent!.length).toBeGreaterThan(40);
      expect(how!.textContent!.length).toBeGreaterThan(20);
    }
    expect(text()).toHaveTextContent(/spätestens aber innerhalb eines Monats nach Eingang/);
    expect(text()).toHaveTextContent(/um weitere zwei Monate verlängert/);
  });

  it('has a table of purposes with data, legal basis and storage period', async () => {
    await renderInSite(<DatenschutzPage />, { country: 'de', route: '/datenschutz', settle: true });
    await contentsLinks();
    const region = screen.getByRole('region', { name: 'Zwecke, Rechtsgrundlagen und Speicherdauer' });
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      const cells = within(row).getAllByRole('cell');
      expect(cells).toHaveLength(4);
      expect(cells[2]).toHaveTextContent(/Art\. 6 Abs\. 1 lit\. [a-f]|§ 25/);
    }
  });

  it("opens and closes the 'Weitere Informationen' sections", async () => {
    await renderInSite(<DatenschutzPage />, { country: 'de', route: '/datenschutz', settle: true });
    await contentsLinks();
    const summaries = screen.getAllByText('Weitere Informationen');
    expect(summaries.length).toBeGreaterThanOrEqual(3);
    for (const summary of summaries) {
      expect(summary.tagName).toBe('SUMMARY');
      const details = summary.parentElement as HTMLDetailsElement;
      expect(details.tagName).toBe('DETAILS');
      expect(details.open).toBe(false);
      // A native summary is focusable; browsers toggle it with Enter and Space.
      summary.focus();
      expect(summary).toHaveFocus();
      await userEvent.click(summary);
      expect(details).toHaveAttribute('open');
      await userEvent.click(summary);
      expect(details).not.toHaveAttribute('open');
    }
  });

  it('lists both consent cookies for 365 days, and the current cookie list names every cookie the site sets', async () => {
    await renderInSite(<DatenschutzPage />, { country: 'de', route: '/datenschutz', settle: true });
    await contentsLinks();
    const cookies = screen.getByRole('region', { name: 'Notwendige Cookies dieser Website' });
    expect(within(cookies).getByRole('table')).toHaveAccessibleName('Notwendige Cookies dieser Website');
    for (const name of ['cookie_consent_categories', 'cookie_notice_closed']) {
      const row = within(cookies).getByRole('cell', { name }).closest('tr')!;
      expect(row).toHaveTextContent('365 Tage');
      expect(row).toHaveTextContent('Notwendig');
    }
    const list = screen.getByRole('region', { name: 'Aktuelle Cookie-Liste' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^cookie_consent_categories und cookie_notice_closed: Ihre Cookie-Auswahl, 365 Tage/),
      expect.stringMatching(/Mitarbeiter.*pc_session.*pc_signin/),
    ]);
    expect(list).toHaveTextContent('optionale Cookies setzt sie keine');
    expect(list).not.toHaveTextContent(/Einwilligungsmanager/);
  });

  it('names the controller and the data protection officer from the configuration', async () => {
    await renderInSite(<DatenschutzPage />, { country: 'de', route: '/datenschutz', settle: true });
    await contentsLinks();
    expect(text()).toHaveTextContent('Example Health Ltd');
    expect(text()).toHaveTextContent('1 Example Street, Liverpool L1 1AA');
    expect(screen.getAllByRole('link', { name: 'dpo@example.com' })[0]).toHaveAttribute('href', 'mailto:dpo@example.com');
    expect(text()).toHaveTextContent(/auf Servern in der Europäischen Union/);
    expect(text()).toHaveTextContent(/keine Entscheidungen, die ausschließlich auf einer automatisierten Verarbeitung beruhen/);
    expect(text()).toHaveTextContent(/öffentlich, auch für Patientinnen und Patienten/);
    expect(screen.getByRole('link', { name: 'Nutzungsbedingungen' })).toHaveAttribute('href', '/nutzungsbedingungen');
  });
});

describe('NutzungsbedingungenPage', () => {
  it('links the contents, sections 1-9, 11 and 12, to their headings', async () => {
    await renderInSite(<NutzungsbedingungenPage />, { country: 'de', route: '/nutzungsbedingungen', settle: true });
    const links = await contentsLinks();
    expect(screen.getByText('Stand: 07.04.2022')).toBeInTheDocument();
    expect(links.map((link) => /^(\d+)\. /.exec(link.textContent!)?.[1])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '11', '12']);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target, link.textContent!).not.toBeNull();
      expect(target!.tagName).toBe('H2');
      expect(target).toHaveTextContent(link.textContent!);
    }
    expect(text().querySelectorAll('h2')).toHaveLength(11);
  });

  it('numbers the contents once: the headings carry their numbers, the list adds none ("10. 11. Haftung")', async () => {
    await renderInSite(<NutzungsbedingungenPage />, { country: 'de', route: '/nutzungsbedingungen', settle: true });
    const links = await contentsLinks();
    const list = links[0]!.closest('ul, ol')!;
    expect(list.tagName).toBe('UL');
    expect(list).toHaveAttribute('role', 'list');
  });

  it('covers the German terms of spec §1', async () => {
    await renderInSite(<NutzungsbedingungenPage />, { country: 'de', route: '/nutzungsbedingungen', settle: true });
    await contentsLinks();
    const terms = text();
    expect(terms).toHaveTextContent(/Die Plattform ist kein Medizinprodukt/);
    expect(terms).toHaveTextContent(/nicht zur unmittelbaren Nutzung durch Patientinnen und Patienten bestimmt/);
    expect(terms).toHaveTextContent(/gültige Registrierungsnummer einer deutschen Apothekerkammer/);
    expect(terms).toHaveTextContent(/Berufshaftpflichtversicherung/);
    expect(terms).toHaveTextContent(/mindestens 18 Jahre alt/);
    expect(terms).toHaveTextContent(/minderjährige Person die Plattform nutzt, schließen wir ihr Konto/);
    expect(terms).toHaveTextContent(/Identität, Ihre Kammerregistrierung und Ihre Qualifikation/);
    expect(terms).toHaveTextContent(/Eintrag deaktivieren/);
    expect(terms).toHaveTextContent(/von Hand geprüft/);
    expect(terms).toHaveTextContent(/auf Servern in Europa/);
    expect(terms).toHaveTextContent(/ausschließlich automatisierte Entscheidungsfindung .* findet nicht statt/);
    expect(terms).toHaveTextContent(/Es gilt das Recht der Bundesrepublik Deutschland/);
    expect(terms).toHaveTextContent(/ausschließlicher Gerichtsstand .* München/);
    expect(terms).toHaveTextContent(/etwa 4 Wochen/);
  });
});

describe('ImpressumPage', () => {
  it('shows the operator details from the configuration and the person responsible for content', async () => {
    await renderInSite(<ImpressumPage />, { country: 'de', route: '/impressum', settle: true });
    await contentsLinks();
    expect(screen.getByRole('heading', { level: 1, name: 'Impressum' })).toBeInTheDocument();
    const notice = text();
    expect(screen.getByRole('heading', { level: 2, name: 'Angaben gemäß § 5 DDG' })).toBeInTheDocument();
    for (const detail of ['Example Health Ltd', '1 Example Street, Liverpool L1 1AA', 'Companies House 01234567', 'GB123456789', '+44 151 000 0000']) {
      expect(notice).toHaveTextContent(detail);
    }
    expect(notice).toHaveTextContent('§ 27a Umsatzsteuergesetz');
    expect(screen.getAllByRole('link', { name: 'support@example.com' })[0]).toHaveAttribute('href', 'mailto:support@example.com');
    const responsible = screen.getByRole('heading', { level: 2, name: 'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV' });
    expect(responsible.nextElementSibling).toHaveTextContent('Alex Example 1 Example Street, Liverpool L1 1AA');
  });

  it('says the EU dispute platform is closed and that we take no part in consumer arbitration', async () => {
    await renderInSite(<ImpressumPage />, { country: 'de', route: '/impressum', settle: true });
    await contentsLinks();
    expect(screen.getByRole('link', { name: 'https://ec.europa.eu/consumers/odr/' })).toHaveAttribute('href', 'https://ec.europa.eu/consumers/odr/');
    expect(text()).toHaveTextContent(/am 20\. Juli 2025 eingestellt/);
    expect(text()).toHaveTextContent(
      /weder verpflichtet noch bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen \(§ 36/,
    );
  });
});

/** What axe can check in jsdom (colour contrast needs a real browser). */
const violations = () => axeViolations();

describe.each(PAGES)('$path', ({ path, Page, title }) => {
  it('is German on the German market in German, with every placeholder filled', async () => {
    await renderInSite(<Page />, { country: 'de', route: path, settle: true });
    await contentsLinks();
    expect(document.querySelector('article')).not.toHaveAttribute('lang');
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
    expect(document.title).toBe(`${title} – Pharmacy Champions`);
    expect(document.body.textContent).not.toMatch(/\{\{|\}\}/);
    expect(document.querySelector('.legal__translation-note')).toBeNull();
    const visible = `${document.title} ${document.body.textContent}`;
    for (const words of englishWords()) expect(visible, words).not.toMatch(new RegExp(`\\b${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
  });

  it('goes back to the previous page', async () => {
    await renderInSite(
      <Routes>
        <Route path="/" element={<Link to={path}>Weiter</Link>} />
        <Route path={path} element={<Page />} />
      </Routes>,
      { country: 'de', route: '/' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Weiter' }));
    await contentsLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(screen.getByRole('link', { name: 'Weiter' })).toBeInTheDocument();
  });

  it('goes home when there is no previous page', async () => {
    await renderInSite(<Site />, { country: 'de', route: path, settle: true });
    await contentsLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(screen.getByRole('link', { name: 'Zur Datenschutzerklärung' })).toBeInTheDocument();
  });

  it('has no axe violations, with every section open', async () => {
    await renderInSite(<Page />, { country: 'de', route: path, settle: true });
    await contentsLinks();
    expect(await violations()).toEqual([]);
    for (const details of document.querySelectorAll('details')) details.open = true;
    expect(await violations()).toEqual([]);
  });
});
