import type { IDataObject } from 'n8n-workflow';

import type { HandlerInput } from '../types';

/** With "Allowed Repositories" set, notifications of other repositories are dropped. */
export async function listNotifications({ scope, generic }: HandlerInput) {
	if (!scope) return await generic();
	return await generic(undefined, (raw) => {
		const [owner, repo] = String((raw.repository as IDataObject | undefined)?.full_name ?? '').split('/');
		return Boolean(owner && repo && scope.allows(owner, repo));
	});
}
