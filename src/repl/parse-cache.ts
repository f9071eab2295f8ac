/// Where the executable keeps its parse cache (../syntax/cache.ts): `$PACT_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/pact-ts`, else `~/.cache/pact-ts`. `PACT_CACHE_DIR=` (empty) turns it off.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ParseCache } from '../syntax/cache.ts';

// The build's own identity, a hash of the bundled program that scripts/bundle.ts writes in;
// undeclared when running from source, which has no build to key entries by and keeps none.
declare const PACT_BUILD_ID: string;

/// The cache of this build, or null when there is none.
export function defaultParseCache(): ParseCache | null {
  if (typeof PACT_BUILD_ID !== 'string') return null;
  const dir = process.env.PACT_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'pact-ts');
  return dir === '' ? null : new ParseCache(dir, PACT_BUILD_ID);
}
