// A field-signed pharmacist's own confirmation (issue 23): the link they are e-mailed when a rep or
// area manager records them, and how long it and their unconfirmed data last.
import { patterned } from './fields.ts';

/** The reminder goes this many days after the first e-mail, once. */
export const FIELD_CONFIRMATION_REMINDER_DAYS = 7;

/** The link's token: 24 random bytes, base64url. */
export const FieldConfirmationTokenSchema = patterned(/^[A-Za-z0-9_-]{32}$/);

/** Where a field-signed pharmacist is: asked, confirmed, or their data erased (on request, or unconfirmed in time). */
type PharmacistStatus = 'awaiting' | 'confirmed' | 'erased';

/** The pharmacist's state as the manager's and rep's lists show it; null when no pharmacist's address was recorded. */
export interface PharmacistConfirmation {
  status: PharmacistStatus;
  /** When they confirmed (ISO), for 'confirmed'. */
  confirmedAt: string | null;
}
