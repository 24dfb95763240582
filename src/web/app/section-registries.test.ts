// Every page's section registry gives a component (or null, for a section no input shows) to
// every section of the entries it renders: a section added to an entry without its component
// fails here, and the page would say so at once (form-page.tsx sectionComponent).
import { describe, expect, it } from 'vitest';
import { FORMS, type FormId } from '#shared/forms/catalogue.ts';
import { APPLICANT_SECTIONS } from '../forms/applicant-sections.tsx';
import { FIELD_FORCE_SECTIONS } from '../forms/field-force-sections.tsx';
import { FIELD_CONFIRMATION_SECTIONS } from '../forms/field-confirmation-page.tsx';
import { LINK_SECTIONS } from '../forms/link-request-page.tsx';
import { REP_VISIT_SECTIONS } from '../forms/rep-visit-sections.tsx';
import { STEPS_SECTIONS } from '../forms/steps-sections.tsx';
import { sectionComponent, type SectionRegistry } from '../forms/form-page.tsx';
import { STAFF_PERSON_SECTIONS } from '../features/staff/shared/add-staff-person-page.tsx';
import { API_KEY_SECTIONS } from '../features/staff/main-admin/api-keys/issue-api-key-page.tsx';
import { REVIEWER_MARKETS_SECTIONS } from '../features/staff/review/reviewer-markets-page.tsx';

/** Which registry each page renders its entries with (application-page, steps-application-page, the staff pages, link-request-page). */
const PAGES: [string, SectionRegistry, FormId[]][] = [
  ['application page', APPLICANT_SECTIONS, ['apply-uk', 'apply-it']],
  ['three-step application', STEPS_SECTIONS, ['apply-steps']],
  ['area manager’s forms', FIELD_FORCE_SECTIONS, ['areamanager-pharmacy', 'areamanager-pharmacy-edit', 'add-rep']],
  ['rep’s visit', REP_VISIT_SECTIONS, ['rep-visit']],
  ['add a staff person', STAFF_PERSON_SECTIONS, ['add-area-manager', 'add-reviewer']],
  ['link requests', LINK_SECTIONS, ['data-rights-request', 'update-link-request']],
  ['a field-signed pharmacist’s confirmation', FIELD_CONFIRMATION_SECTIONS, ['field-confirmation']],
  ['issue an API key', API_KEY_SECTIONS, ['issue-api-key']],
  ['a reviewer’s markets', REVIEWER_MARKETS_SECTIONS, ['reviewer-markets']],
];

describe('section registries', () => {
  it.each(PAGES)('%s: a component or null for every section of its entries', (_page, registry, ids) => {
    for (const id of ids) {
      const form = FORMS[id];
      for (const section of [...form.steps.flat(), ...('carried' in form ? form.carried : [])])
        expect(() => sectionComponent(form, registry, section)).not.toThrow();
    }
  });

  it('every entry is rendered by one of the pages', () => {
    expect(PAGES.flatMap(([, , ids]) => ids).sort()).toEqual(Object.keys(FORMS).sort());
  });

  it('names the form and the section a registry lacks', () => {
    expect(() => sectionComponent(FORMS['add-rep'], {}, 'staff-person')).toThrow(
      'form add-rep: the page\'s section registry has no entry for section "staff-person"',
    );
  });
});
