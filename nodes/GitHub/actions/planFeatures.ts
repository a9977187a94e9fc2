import type { INodeExecutionData } from 'n8n-workflow';

import type { ApiResponse } from '../../shared/apiClient';
import type { GitHubClient } from '../transport';
import type { GitHubRowRun } from './types';

/**
 * A feature GitHub offers only on some plans, settings or servers (public previews among them).
 * GitHub answers a repository or organization without it with a bare 403 or 404, so its rows add
 * what the feature needs to GitHub's own words.
 */
export interface PlanFeature {
	/** What a 403 or 404 means on github.com or Enterprise Cloud: the plan, setting and permission the feature needs. */
	unavailable: string;
	/** What a 404 means on GitHub Enterprise Server, which lacks the API (none: the server has it, and 404 means as on github.com). */
	onEnterpriseServer?: string;
	/** Statuses the feature explains otherwise (a value that does not fit, a value that is not set). */
	statuses?: Record<number, string>;
}

/** The failure hint for a request of the feature, told by the credential's server. */
export async function featureFailureHint(client: GitHubClient, feature: PlanFeature): Promise<(response: ApiResponse) => string | undefined> {
	const enterpriseServer = await client.onEnterpriseServer();
	return (response) => {
		const status = response.statusCode;
		if (enterpriseServer && status === 404 && feature.onEnterpriseServer) return feature.onEnterpriseServer;
		if (feature.statuses?.[status]) return feature.statuses[status];
		return status === 403 || status === 404 ? feature.unavailable : undefined;
	};
}

/** A row handler that sends the row's own request (or pages), its failures explained by the feature. */
export function offeredWhere(feature: PlanFeature): (input: GitHubRowRun) => Promise<INodeExecutionData[]> {
	return async (input) => await input.generic({ ...input.request, failureHint: await featureFailureHint(input.client, feature) });
}
