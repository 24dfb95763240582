// A main admin's page that adds a staff person: a catalogue form with the 'staff-person' section
// (and for a reviewer the language of their e-mails, 'staff-language') on the one form page. Anyone else sees "no access" (the server answers 403 to them too).
import type { ReactNode } from 'react';
import type { FormDef } from '#shared/forms/model.ts';
import { FormPage, type SectionRegistry } from '../../../forms/form-page.tsx';
import { ContactSection } from '../../../forms/sections/personal-details-section.tsx';
import { StaffLanguageField } from '../../../forms/sections/staff-language-field.tsx';
import { NoAccess } from '../session/no-access.tsx';
import { useStaffUser } from '../session/staff-session.tsx';

export const STAFF_PERSON_SECTIONS: SectionRegistry = { 'staff-person': ContactSection, 'staff-language': StaffLanguageField };

export function AddStaffPersonPage({ form, nav }: { form: FormDef; nav?: ReactNode }) {
  const user = useStaffUser();
  if (user.role !== 'main_admin') return <NoAccess />;
  return (
    <div className="staff-page staff-page--narrow">
      {nav}
      <FormPage form={form} sections={STAFF_PERSON_SECTIONS} />
    </div>
  );
}
