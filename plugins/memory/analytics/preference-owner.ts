/**
 * Whose preferences a call works on. Preferences are per user: the caller's own
 * unless an admin names someone else. `userId` keeps its published default
 * "default", which therefore means "the caller" (for the local user, whose name
 * it is, nothing changes).
 */
import { ValidationError, type ToolContext } from '../../../sdk/index.js';

export const OWN_PREFERENCES = 'default';

export function preferenceOwner(userId: string | undefined, caller: ToolContext['caller']): string {
  if (userId === undefined || userId === OWN_PREFERENCES || userId === caller.name) return caller.name;
  if (caller.admin) return userId;
  throw new ValidationError(
    `parameter "userId" names another user ("${userId}"): you are "${caller.name}" and may only use your own preferences (omit userId). ` +
      'Only an admin principal (http.principals, admin: true) may name other users.',
    { parameter: 'userId', caller: caller.name },
  );
}

/** Whose preference records a caller may see in exports: undefined for an admin (everyone's). */
export const visiblePreferences = (caller: ToolContext['caller']): string | undefined => (caller.admin ? undefined : caller.name);
