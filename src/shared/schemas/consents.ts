// A declaration or consent on record (issue 23 item 3), as the review detail and the data export show it.
import type { Country, Language } from '../markets.ts';

export interface ConsentRecordView {
  id: string;
  applicationId: string | null;
  fieldPharmacyId: string | null;
  /** The applicant on their form, the pharmacist through their link, or a staff member's own statement. */
  givenBy: 'applicant' | 'pharmacist' | 'staff';
  /** The staff member, for a staff statement (null once their account is gone). */
  staffName: string | null;
  /** The boxes ticked, by field name (agreementCheck1, …). */
  statements: string[];
  country: Country;
  language: Language;
  /** e.g. 'it/it/privacy-policy@2026-11-25' (src/shared/legal-versions.ts). */
  privacyVersion: string;
  termsVersion: string;
  givenAt: string;
}
