// The database schema (PostgreSQL, also run on embedded PGlite). Migrations are generated from
// this file with `npm run db:generate` into ./migrations and committed.
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A pharmacy known to us, keyed by the place id of the map provider. */
export const pharmacies = pgTable('pharmacies', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  placeId: text('place_id').notNull().unique('pharmacies_place_id_unique'),
  name: text('name').notNull(),
  address: text('address').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  services: text('services').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pharmacist's application to be listed as a champion. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The unguessable pharmacistId / loginToken that lets the applicant edit this application. */
    editToken: text('edit_token').notNull().unique('applications_edit_token_unique'),
    country: text('country').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull().default('submitted'),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    registrationBody: text('registration_body').notNull(),
    registrationNumber: text('registration_number').notNull(),
    placeId: text('place_id')
      .notNull()
      .references(() => pharmacies.placeId, { onUpdate: 'cascade' }),
    photo: text('photo'),
    /** Every field of the payload as validated (without the bot-check and login tokens). */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_email_unique').on(t.emailNormalized),
    uniqueIndex('applications_registration_unique').on(t.registrationBody, t.registrationNumber),
    index('applications_place_id_idx').on(t.placeId),
  ],
);

/** Uploaded files: photos now, German certificates later. Unlinked ones are temporary. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: ['photo', 'certificate'] }).notNull(),
    storageName: text('storage_name').notNull().unique('files_storage_name_unique'),
    mime: text('mime').notNull(),
    /** The type detected in the upload as received (a photo is stored re-encoded as jpeg or png). */
    originalMime: text('original_mime'),
    bytes: integer('bytes').notNull(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (t) => [index('files_application_id_idx').on(t.applicationId), index('files_unlinked_created_idx').on(t.createdAt).where(sql`${t.applicationId} is null`)],
);

/** Every e-mail the product sends, kept whether it went out by SMTP or to an .eml file. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

/** Solved bot-check challenges, so each solution is accepted once, across all server instances. */
export const captchaUsed = pgTable(
  'captcha_used',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_used_expires_idx').on(t.expiresAt)],
);

/** "Continue on another device": a form half filled in, reachable by an e-mailed token until it expires. */
export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** SHA-256 of the token in the link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique('drafts_token_hash_unique'),
    email: text('email').notNull(),
    country: text('country').notNull(),
    language: text('language').notNull(),
    step: integer('step').notNull(),
    data: jsonb('data').$type<Record<string, string | number | boolean>>().notNull(),
    /** The temp photo the draft refers to: kept from the purge while the draft lives. */
    photo: text('photo'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('drafts_expires_idx').on(t.expiresAt), index('drafts_photo_idx').on(t.photo), index('drafts_email_created_idx').on(t.email, t.createdAt)],
);

export const schema = { pharmacies, applications, files, mailOutbox, captchaUsed, drafts };
