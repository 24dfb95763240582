// Storing pharmacists' applications: one transaction per save, uniqueness enforced by the
// database's unique indexes so that concurrent submissions cannot both win.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import { EDIT_TOKEN_BYTES } from '#shared/limits.ts';
import { type Country, type Language } from '#shared/markets.ts';
import { DEFAULT_REGISTRATION_BODY } from '#shared/reference/options.ts';
import { UNIQUE_VIOLATION, databaseErrorOf, type Database } from '../db/client.ts';
import { applications, files, pharmacies } from '../db/schema.ts';
import type { StoredCertificate } from './files/certificates.ts';

/** The validated payload fields the store needs by name; every other field is kept in `answers`. */
export interface ApplicationInput {
  email: string;
  firstName: string;
  lastName: string;
  professionalRegistrationNumber: string;
  bodyOfRegistration?: string;
  placeId: string;
  lat: number;
  lng: number;
  address: string;
  whereYouWork: string;
  services?: string;
  photo?: string;
  photoId?: string;
  appStoreCountry: Country;
  formLanguage: Language;
  loginToken?: string;
  recaptchaToken?: string;
  [field: string]: unknown;
}

export type SaveResult =
  | { ok: true; id: string; editToken: string; created: boolean }
  | { ok: false; conflict: 'email' | 'registrationNumber' }
  | { ok: false; invalid: 'loginToken' | 'photo'; code?: string };

/** Photos a German application may carry, as detected when uploaded (spec §5: jpeg or png only). */
const GERMAN_PHOTO_MIME = new Set(['image/jpeg', 'image/png']);

const NOT_STORED = new Set(['recaptchaToken', 'loginToken', 'website']);

export const newEditToken = () => randomBytes(EDIT_TOKEN_BYTES).toString('base64url');

class Refused extends Error {
  constructor(
    readonly field: 'loginToken' | 'photo',
    readonly code?: string,
  ) {
    super(field);
  }
}

export interface SaveExtras {
  /** A certificate already written to private storage; linked in the same transaction. */
  certificate?: StoredCertificate;
  /** Storage names of certificates this save replaced: the caller removes their files after commit. */
  replaced?: string[];
}

export function createApplicationStore(db: Database) {
  return {
    async save(input: ApplicationInput, extras: SaveExtras = {}): Promise<SaveResult> {
      const answers = Object.fromEntries(Object.entries(input).filter(([k, v]) => !NOT_STORED.has(k) && v !== undefined));
      const registrationBody = input.bodyOfRegistration || DEFAULT_REGISTRATION_BODY[input.appStoreCountry];
      const editToken = newEditToken();
      try {
        return await db.transaction(async (tx) => {
          let existingId: string | null = null;
          if (input.loginToken) {
            const [existing] = await tx
              .select({ id: applications.id })
              .from(applications)
              .where(eq(applications.editToken, input.loginToken))
              .for('update');
            if (!existing) throw new Refused('loginToken');
            existingId = existing.id;
          }

          await tx
            .insert(pharmacies)
            .values({ placeId: input.placeId, name: input.whereYouWork, address: input.address, lat: input.lat, lng: input.lng, services: input.services ?? '' })
            .onConflictDoNothing({ target: pharmacies.placeId });

          const columns = {
            editToken,
            country: input.appStoreCountry,
            language: input.formLanguage,
            status: 'submitted',
            email: input.email,
            emailNormalized: input.email.trim().toLowerCase(),
            firstName: input.firstName,
            lastName: input.lastName,
            registrationBody,
            registrationNumber: input.professionalRegistrationNumber,
            placeId: input.placeId,
            photo: input.photo ?? null,
            answers,
            updatedAt: new Date(),
          };
          let id: string;
          if (existingId) {
            await tx.update(applications).set(columns).where(eq(applications.id, existingId));
            id = existingId;
          } else {
            const [row] = await tx.insert(applications).values(columns).returning({ id: applications.id });
            id = row!.id;
          }

          if (input.photo) {
            const [photo] = await tx
              .select({ id: files.id, originalMime: files.originalMime })
              .from(files)
              .where(and(eq(files.storageName, input.photo), eq(files.kind, 'photo'), or(isNull(files.applicationId), eq(files.applicationId, id))))
              .for('update');
            if (!photo || (input.photoId && input.photoId !== photo.id)) throw new Refused('photo');
            if (input.appStoreCountry === 'de' && photo.originalMime && !GERMAN_PHOTO_MIME.has(photo.originalMime)) throw new Refused('photo', 'validation.fileType');
            await tx.update(files).set({ applicationId: id, linkedAt: new Date() }).where(eq(files.id, photo.id));
          }
          if (extras.certificate) {
            const old = await tx
              .delete(files)
              .where(and(eq(files.applicationId, id), eq(files.kind, 'certificate')))
              .returning({ storageName: files.storageName });
            extras.replaced?.push(...old.map((f) => f.storageName));
            const { storageName, mime, bytes } = extras.certificate;
            await tx.insert(files).values({ kind: 'certificate', storageName, mime, originalMime: mime, bytes, applicationId: id, linkedAt: new Date() });
          }
          return { ok: true as const, id, editToken, created: existingId === null };
        });
      } catch (error) {
        if (error instanceof Refused) return { ok: false, invalid: error.field, code: error.code };
        const dbError = databaseErrorOf(error);
        if (dbError?.code === UNIQUE_VIOLATION) {
          if (dbError.constraint === 'applications_email_unique') return { ok: false, conflict: 'email' };
          if (dbError.constraint === 'applications_registration_unique') return { ok: false, conflict: 'registrationNumber' };
        }
        throw error;
      }
    },

    /** Whether a temp photo was uploaded as jpeg or png (photos from before the check count as such). */
    async isGermanPhotoType(storageName: string): Promise<boolean> {
      const [row] = await db.select({ originalMime: files.originalMime }).from(files).where(and(eq(files.storageName, storageName), eq(files.kind, 'photo')));
      return !row?.originalMime || GERMAN_PHOTO_MIME.has(row.originalMime);
    },

    /** Whether the application behind an edit token already holds a certificate. */
    async hasCertificate(editToken: string): Promise<boolean> {
      const [row] = await db
        .select({ id: files.id })
        .from(files)
        .innerJoin(applications, eq(files.applicationId, applications.id))
        .where(and(eq(applications.editToken, editToken), eq(files.kind, 'certificate')))
        .limit(1);
      return Boolean(row);
    },

    /** The application's answers, found only by its edit token (never by its id). */
    async findByEditToken(editToken: string): Promise<{ id: string; answers: Record<string, unknown> } | null> {
      const [row] = await db
        .select({ id: applications.id, answers: applications.answers })
        .from(applications)
        .where(eq(applications.editToken, editToken));
      return row ? { id: row.id, answers: row.answers } : null;
    },

    async findPharmacy(placeId: string) {
      const [row] = await db.select().from(pharmacies).where(eq(pharmacies.placeId, placeId));
      return row ?? null;
    },
  };
}

export type ApplicationStore = ReturnType<typeof createApplicationStore>;
