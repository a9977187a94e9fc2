import type { IDataObject } from 'n8n-workflow';

import type { GitHubRowRun } from '../types';

const repositoryOf = (invitation: IDataObject) =>
	String((invitation.repository as IDataObject | undefined)?.full_name ?? '').split('/');

/**
 * The account's invitations, only those to repositories "Allowed Repositories" covers when it is set.
 * Accepting or declining one names only its ID: the scope looks its repository up (nodes/GitHub/scope).
 */
export async function listMyInvitations({ request, allowlist, generic }: GitHubRowRun) {
	if (!allowlist) return await generic(request);
	return await generic(request, (invitation) => {
		const [owner, repo] = repositoryOf(invitation);
		return Boolean(owner && repo && allowlist.allows(owner, repo));
	});
}
