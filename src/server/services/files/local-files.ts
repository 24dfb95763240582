// The files a route serves from the server's own disk (the built web app's page template, an
// installed package's assets), as apart from the uploads kept in the database (file-store.ts).
// Routes read files only through services/files, so where a file comes from is decided here.
import { existsSync, readFileSync } from 'node:fs';

export const localFileExists = (file: string): boolean => existsSync(file);

export function readLocalFile(file: string): Buffer;
export function readLocalFile(file: string, encoding: 'utf8'): string;
export function readLocalFile(file: string, encoding?: 'utf8'): Buffer | string {
  return encoding ? readFileSync(file, encoding) : readFileSync(file);
}
