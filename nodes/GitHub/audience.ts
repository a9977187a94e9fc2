import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Audience } from '../shared/secretWrites';
import { executionMemory } from '../shared/scope';
import { percentDecoded } from '../shared/percentDecoding';
import { pathSegment } from '../../credentials/requestGuard';
import type { GitHubClient } from './transport';

interface TargetAudience {
	audience: Audience;
	target: string;
}

const UNKNOWN: TargetAudience = { audience: 'public', target: 'a target whose readers cannot be told (counted as public)' };

/**
 * Who can read a repository: its `private` flag, asked once per repository and run. An internal
 * repository (readable by its enterprise only) counts as private.
 */
export async function repositoryAudience(ctx: IExecuteFunctions, client: GitHubClient, owner: string, repo: string): Promise<TargetAudience> {
	const memory = executionMemory(ctx, 'repositoryAudience');
	const key = `${owner}/${repo}`.toLowerCase();
	let known = memory.get(key) as Promise<Audience> | undefined;
	if (!known) {
		known = client
			.request<IDataObject>({ method: 'GET', path: `/repos/${pathSegment(owner)}/${pathSegment(repo)}` })
			.then((repository) => (repository.private === true || repository.visibility === 'private' || repository.visibility === 'internal' ? 'private' : 'public'));
		memory.set(key, known);
		known.catch(() => memory.delete(key));
	}
	const audience = await known;
	return { audience, target: `the ${audience} repository ${owner}/${repo}` };
}

/** The audience of a REST path: a repository's, a gist's (anyone with its address), else unknown. */
export async function pathAudience(ctx: IExecuteFunctions, client: GitHubClient, path: string): Promise<TargetAudience> {
	const repository = /^\/repos\/([^/?#]+)\/([^/?#]+)/.exec(path);
	if (repository) {
		const [owner, repo] = [percentDecoded(repository[1]), percentDecoded(repository[2])];
		// A broken % escape is refused by the host lock when the request is sent; until then the audience is unknown.
		if (owner === undefined || repo === undefined) return UNKNOWN;
		return await repositoryAudience(ctx, client, owner, repo);
	}
	if (/^\/gists(\/|$|\?)/.test(path)) return gistAudience();
	return UNKNOWN;
}

/** A secret gist is unlisted, not private: anyone with its address reads it. */
export const gistAudience = (): TargetAudience => ({ audience: 'public', target: 'a gist (anyone with its address can read it)' });

export const unknownAudience = (): TargetAudience => UNKNOWN;
