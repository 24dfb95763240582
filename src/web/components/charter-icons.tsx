// Small line icons for the ten charter commitments (decorative: the text says it all).
import type { ReactElement } from 'react';

const PATHS: Record<number, ReactElement> = {
  // 1 training: a graduation cap
  1: (
    <>
      <path d="M2 9l10-5 10 5-10 5z" />
      <path d="M6 11v5c0 1.5 3 3 6 3s6-1.5 6-3v-5" />
      <path d="M22 9v6" />
    </>
  ),
  // 2 a private consultation space: a door
  2: (
    <>
      <path d="M5 21V4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v17" />
      <path d="M3 21h18" />
      <circle cx="15" cy="12" r="1" />
    </>
  ),
  // 3 listening with empathy: a heart
  3: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />,
  // 4 medicines advice: a capsule
  4: (
    <>
      <rect x="2.5" y="8.5" width="19" height="7" rx="3.5" transform="rotate(-45 12 12)" />
      <path d="M9.5 9.5l5 5" />
    </>
  ),
  // 5 signposting: a signpost
  5: (
    <>
      <path d="M12 3v18" />
      <path d="M5 5h11l3 2.5L16 10H5z" />
      <path d="M19 12H8l-3 2.5L8 17h11z" />
    </>
  ),
  // 6 prompt referral: a clock
  6: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 3" />
    </>
  ),
  // 7 screening and early signs: a magnifying glass
  7: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L21 21" />
    </>
  ),
  // 8 working with the care team: a care plan on a clipboard
  8: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1" />
      <path d="M9 10h6M9 14h6M9 18h4" />
    </>
  ),
  // 9 an accurate listing: a map pin
  9: (
    <>
      <path d="M12 21s-6-5.5-6-11a6 6 0 0 1 12 0c0 5.5-6 11-6 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </>
  ),
  // 10 sharing with the pharmacy team: two people
  10: (
    <>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14.2c2.9.4 5 2.8 5 5.8" />
    </>
  ),
};

export function CharterIcon({ number, className }: { number: number; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[number]}
    </svg>
  );
}
