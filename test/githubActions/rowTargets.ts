import type { GitHubRow } from '../../nodes/GitHub/actions/types';
import { rowTarget } from '../../nodes/GitHub/scope';

/** The row names its repository by fields (owner, repository) the node checks before anything is sent. */
export const namesItsRepository = (row: GitHubRow) => ['owner', 'repository'].every((what) => row.fields.some((field) => field.identifies === what));

/**
 * Rows that work on the repository their fields name, as the classifier tells it: a repository's
 * own paths (a new one too), and GraphQL documents whose handler checks those fields.
 */
export const worksOnRepository = (row: GitHubRow) => ['repository', 'newRepository', 'graphql'].includes(rowTarget(row).kind) && namesItsRepository(row);

/** Rows whose requests reach an organization's settings or data. */
export const worksOnOrganization = (row: GitHubRow) => rowTarget(row).kind === 'organization';
