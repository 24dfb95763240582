// The pharmacist registration payload (spec §3) and its rules (spec §4, §5), per variant.
// The browser validates the form with these schemas; the server validates the payload with the
// schema derived from the form's catalogue entry (src/shared/forms), which the golden tests hold
// equal to these.
export * from './registration-common.ts';
export * from './registration-uk.ts';
