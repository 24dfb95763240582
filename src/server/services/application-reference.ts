// The short reference an applicant is given on submitting (e.g. PC-7K3M9Q): easy to read out and
// type, so no 0/O, 1/I/L. 31^6 ≈ 887 million; the unique index catches the rare repeat, and the
// save then tries another.
import { randomInt } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 6;

export const REFERENCE_PATTERN = /^PC-[2-9A-HJKMNP-Z]{6}$/;

export function newApplicationReference(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `PC-${code}`;
}
