import type { IDataObject } from 'n8n-workflow';

import type { GitHubRowRun } from '../types';

/** With "Allowed Repositories" set, notifications of other repositories are dropped. */
export async function listNotifications({ allowlist, generic }: GitHubRowRun) {
	if (!allowlist) return await generic();
	return await generic(undefined, (raw) => {
		const [owner, repo] = String((raw.repository as IDataObject | undefined)?.full_name ?? '').split('/');
		return Boolean(owner && repo && allowlist.allows(owner, repo));
	});
}
