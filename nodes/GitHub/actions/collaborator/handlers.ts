import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { repositoryRefusal } from '../../../shared/scope';
import type { GitHubRowRun } from '../types';

const repositoryOf = (invitation: IDataObject) =>
	String((invitation.repository as IDataObject | undefined)?.full_name ?? '').split('/');

/** The account's invitations, only those to repositories "Allowed Repositories" covers when it is set. */
export async function listMyInvitations({ request, allowlist, generic }: GitHubRowRun) {
	if (!allowlist) return await generic(request);
	return await generic(request, (invitation) => {
		const [owner, repo] = repositoryOf(invitation);
		return Boolean(owner && repo && allowlist.allows(owner, repo));
	});
}

/**
 * Accepting or declining names only the invitation: with "Allowed Repositories" set, its
 * repository is looked up among the account's invitations and checked first.
 */
export async function answerInvitation(input: GitHubRowRun) {
	const { ctx, client, values, request, allowlist, itemIndex, generic } = input;
	if (allowlist) {
		// The transport checks the invitation's repository again from the same (remembered) look-up.
		const repository = await client.scopeLookups().invitationRepository?.(String(values.invitationId));
		if (!repository) {
			throw new NodeOperationError(ctx.getNode(), `The "Invitation ID" parameter names ${String(values.invitationId)}, which is not among the connected account's invitations`, {
				itemIndex,
				description: 'Give the ID of a pending invitation (Collaborator → List My Invitations).',
			});
		}
		const [owner, repo] = repository.split('/');
		if (!allowlist.allows(owner, repo)) {
			const refusal = repositoryRefusal(owner, repo, allowlist);
			throw new NodeOperationError(ctx.getNode(), refusal.message, { itemIndex, description: refusal.hint });
		}
	}
	return await generic(request);
}
