/**
 * What an extension point's implementation throws when a contribution's id is
 * taken (by a built-in or an earlier contribution): the kernel reports it as
 * TP_CONTRIBUTION_DUPLICATE naming the module that made the second one. Told
 * apart by `name`, not identity, so a pack bundling its own SDK copy still agrees.
 */
export class ContributionConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContributionConflictError';
  }
}

export function isContributionConflict(error: unknown): error is ContributionConflictError {
  return error instanceof Error && error.name === 'ContributionConflictError';
}
