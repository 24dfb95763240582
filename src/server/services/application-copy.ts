// The applicant's copy (issue 41 item 5, decision 0067): a PDF of an application's answers as they
// were sent, in the applicant's language, with its reference and submission date (in words, in its
// market's time zone). Made from the stored application whenever it is asked for (the 'received'
// e-mail's attachment, the status page's download), never stored. The answers are listed in the
// review desk's order (`fieldsInFormOrder`) and worded as the desk words them (answer-words.ts);
// the photo and certificates by their file names only.
import { and, asc, eq, ne } from 'drizzle-orm';
import { answerText, fieldLabel } from '#shared/forms/answer-words.ts';
import { isCountry, isLanguage, LANGUAGE_TAG, MARKETS } from '#shared/markets.ts';
import type { Database } from '../db/client.ts';
import { applications, fieldPharmacies, files, pharmacies } from '../db/schema.ts';
import { answersPdf } from './files/answers-pdf.ts';
import { copyReferenceIn } from './mail/application-received.ts';
import type { MailAttachments } from './mail/outbox.ts';
import { mailboxOf } from './mailbox.ts';
import { fieldsInFormOrder } from './review/review-desk.ts';
import { texts, textWords } from './texts.ts';

export interface ApplicationCopy {
  fileName: string;
  pdf: Uint8Array;
}

export function createApplicationCopies(db: Database, deps: { productName: string }) {
  /** The copy of the application with the reference (only if it is the mailbox's, when one is given); null when there is none, or it was erased. */
  async function copyOf(reference: string, mailbox?: string): Promise<ApplicationCopy | null> {
    const [row] = await db
      .select({
        id: applications.id,
        country: applications.country,
        language: applications.language,
        answers: applications.answers,
        submittedAt: applications.submittedAt,
        signedInFieldBy: applications.signedInFieldBy,
        place: { name: pharmacies.name, address: pharmacies.address },
      })
      .from(applications)
      .leftJoin(pharmacies, eq(pharmacies.placeId, applications.placeId))
      .where(
        and(eq(applications.reference, reference), ne(applications.status, 'erased'), mailbox === undefined ? undefined : eq(applications.mailbox, mailbox)),
      );
    if (!row) return null;
    const [certificates, fieldRecord] = await Promise.all([
      db
        .select({ name: files.storageName })
        .from(files)
        .where(and(eq(files.applicationId, row.id), eq(files.kind, 'certificate')))
        .orderBy(asc(files.createdAt)),
      db.select({ id: fieldPharmacies.id }).from(fieldPharmacies).where(eq(fieldPharmacies.applicationId, row.id)).limit(1),
    ]);
    const language = isLanguage(row.language) ? row.language : 'en';
    const country = isCountry(row.country) ? row.country : 'uk';
    const t = texts(language);
    const words = textWords(language);
    const { formTexts, fields } = fieldsInFormOrder(row.country, row.language, row.answers, {
      files: { file: certificates.length },
      fieldSigned: row.signedInFieldBy !== null || fieldRecord.length > 0,
    });
    const places = row.place ? { [String(row.answers.placeId)]: row.place } : {};
    // The files by their names (the photo's answer is its file's name), never their bytes.
    const fileNames: Record<string, (value: unknown) => string> = {
      photo: (value) => (typeof value === 'string' ? value : ''),
      file: () => certificates.map((c) => c.name).join('\n'),
    };
    const text = (name: string, value: unknown) => {
      const names = fileNames[name];
      return names ? names(value) || t('review.values.empty') : answerText(words, places, name, value);
    };
    const date = row.submittedAt.toLocaleDateString(LANGUAGE_TAG[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: MARKETS[country].timeZone,
    });
    const pdf = await answersPdf({
      title: t('myApplication.copy.title', { product: deps.productName }),
      header: [t('myApplication.reference', { reference }), `${t('myApplication.dates.submitted')}: ${date}`],
      intro: t('myApplication.copy.intro'),
      answers: fields.map((field) => ({
        label: fieldLabel(words, formTexts, field),
        text: text(field.name, field.value),
      })),
      footer: (page, pages) => `${reference} · ${t('myApplication.copy.page', { page, pages })}`,
      language: LANGUAGE_TAG[language],
      createdAt: row.submittedAt,
    });
    return { fileName: t('myApplication.copy.fileName', { reference }), pdf };
  }

  /** The 'received' e-mail's attachment: the copy of the application it names, when it is the recipient's. */
  const attachmentsOf: MailAttachments = async (mail) => {
    const reference = copyReferenceIn(mail.html);
    const copy = reference ? await copyOf(reference, mailboxOf(mail.to)) : null;
    return copy ? [{ filename: copy.fileName, content: copy.pdf, contentType: 'application/pdf' }] : [];
  };

  return { copyOf, attachmentsOf };
}

export type ApplicationCopies = ReturnType<typeof createApplicationCopies>;
