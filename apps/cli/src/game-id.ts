import * as path from 'node:path';
import { SETUP_ID } from '@app/rules';

/**
 * The default game id: the file's base name without `.scenario.json` / `.json`, keeping only letters, digits,
 * `_` and `-`; ids must start with a letter, so `g-` is put in front when needed. Deterministic, so that running
 * the same file twice prints the same events.
 */
export function gameIdFromFile(file: string): string {
  const base = path.basename(file).replace(/(\.scenario)?\.json$/i, '');
  const kept = base.replace(/[^A-Za-z0-9_-]/g, '');
  const id = /^[A-Za-z]/.test(kept) ? kept : `g-${kept}`;
  return id.slice(0, 64);
}

export function isGameId(id: string): boolean {
  return SETUP_ID.test(id);
}
