-- Issue 39 item 8 (docs/decisions/0063): a mailbox keeps its +tag, since on mail systems where "+" is
-- not sub-addressing `name+tag@` and `name@` are two people. Each row's mailbox gets its tag back from
-- the address the row holds (case folded here; the domain as the column has it, which is its ASCII
-- form for every row written since 0017).
UPDATE "applications" SET "mailbox" = regexp_replace(lower(btrim("email")), '@[^@]*$', '') || substring("mailbox" from '@[^@]*$')
  WHERE "mailbox" LIKE '%@%' AND "email" LIKE '%@%';--> statement-breakpoint
UPDATE "drafts" SET "mailbox" = regexp_replace(lower(btrim("email")), '@[^@]*$', '') || substring("mailbox" from '@[^@]*$')
  WHERE "mailbox" LIKE '%@%' AND "email" LIKE '%@%';--> statement-breakpoint
UPDATE "mail_outbox" SET "mailbox" = regexp_replace(lower(btrim("to")), '@[^@]*$', '') || substring("mailbox" from '@[^@]*$')
  WHERE "mailbox" LIKE '%@%' AND "to" LIKE '%@%';--> statement-breakpoint
UPDATE "field_pharmacies" SET "pharmacist_mailbox" = regexp_replace(lower(btrim("answers" ->> 'email')), '@[^@]*$', '') || substring("pharmacist_mailbox" from '@[^@]*$')
  WHERE "pharmacist_mailbox" LIKE '%@%' AND "answers" ->> 'email' LIKE '%@%';--> statement-breakpoint
-- A data-rights link sent before named the untagged mailbox, which may not be the one it was sent to:
-- it stops working (a new one is a request away).
DELETE FROM "data_rights_links";
