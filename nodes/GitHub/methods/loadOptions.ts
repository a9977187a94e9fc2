import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readParameter } from '../../shared/context';
import type { GitHubAuthentication } from '../transport';
import { GitHubClient } from '../transport';

/** More would make the list unusable; names beyond it can be given by expression. */
const MAX_REPOSITORIES = 1000;

/**
 * The chosen owner's repositories the credential reaches, for the GitHub Trigger's multi-select.
 * A token lists what its account can access (owned, collaborating, organization member); a GitHub
 * App installation what it is installed on. The transport drops repositories outside the
 * credential's Allowed Repositories, so the list offers only those.
 */
export async function getOwnerRepositories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const owner = String(this.getCurrentNodeParameter('owner', { extractValue: true }) ?? '').trim();
	if (!owner || owner.startsWith('=')) {
		throw new NodeOperationError(this.getNode(), 'Choose the Owner first', {
			description: 'The list shows the repositories of the chosen owner.',
		});
	}
	const client = new GitHubClient(this);
	const app = readParameter<GitHubAuthentication>(this, 'authentication', 'accessToken') === 'githubApp';
	const repositories = await client.paginate<IDataObject>(
		app
			? { method: 'GET', path: '/installation/repositories' }
			: { method: 'GET', path: '/user/repos', qs: { affiliation: 'owner,collaborator,organization_member', sort: 'full_name' } },
		{ returnAll: false, limit: MAX_REPOSITORIES, itemsKey: app ? 'repositories' : undefined },
	);
	const ownerLogin = owner.toLowerCase();
	return repositories
		.filter((repository) => String((repository.owner as IDataObject | undefined)?.login ?? '').toLowerCase() === ownerLogin)
		.map((repository) => ({
			name: String(repository.name),
			value: String(repository.name),
			description: [repository.private ? 'Private' : 'Public', repository.archived ? 'archived' : '', String(repository.description ?? '')]
				.filter(Boolean)
				.join(' · '),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}
