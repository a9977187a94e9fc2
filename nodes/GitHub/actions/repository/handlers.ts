import type { IDataObject } from 'n8n-workflow';

import { pathSegment } from '../../../shared/requestGuard';
import type { HandlerInput } from '../types';

/** The connected account's repositories live at /user/repos, an organization's at /orgs/{org}/repos. */
export async function createRepository({ client, values, request, generic }: HandlerInput) {
	const owner = String(values.owner ?? '').trim();
	if (!owner) return await generic(request);
	const me = await client.request<IDataObject>({ method: 'GET', path: '/user' });
	if (String(me.login).toLowerCase() === owner.toLowerCase()) return await generic(request);
	return await generic({ ...request, path: `/orgs/${pathSegment(owner)}/repos` });
}
