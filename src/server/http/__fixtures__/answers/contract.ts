// A contract as src/shared/api declares one, for the typed-answer fixtures.
import type { Contract } from '#shared/api/contract.ts';

export const saveThing: Contract<{ name: string }, { id: string; reference: string | null }, 'POST'> = { method: 'POST', path: '/api/things', request: null };
export const deleteThing: Contract<{ id: string }, undefined, 'POST'> = { method: 'POST', path: '/api/things/delete', request: null };
