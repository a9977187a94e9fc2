import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { Audience } from '../shared/secretWrites';
import { findSecret } from '../shared/secretWrites';
import { pathSegment } from '../../credentials/requestGuard';
import type { GitHubPlace, GitHubTarget, NewRepositoryPlace } from './scope/classify';
import { classifyGitHubRequest, placeOf } from './scope/classify';
import type { GitHubClient } from './transport';

/**
 * Who reads what a write leaves behind, from the scope's one answer to "what does this request
 * touch" (scope/classify.ts): a repository's readers, a gist's (anyone with its address), a hook's
 * host, a repository being made or made public; anything else counts as public.
 */

interface JudgedAudience {
	audience: Audience;
	place: string;
}

const UNKNOWN: JudgedAudience = { audience: 'public', place: 'a place whose readers cannot be told (counted as public)' };
const HOOK_HOST: JudgedAudience = { audience: 'public', place: 'the webhook\'s delivery host (it receives the URL with every delivery)' };
/** A secret gist is unlisted, not private: anyone with its address reads it. */
const GIST: JudgedAudience = { audience: 'public', place: 'a gist (anyone with its address can read it)' };

/**
 * Who can read a repository now: its `private` flag, asked again for every write (a write earlier in
 * the run may have made it public). An internal repository (readable by its enterprise only) counts as private.
 */
async function repositoryAudience(client: GitHubClient, owner: string, repo: string): Promise<JudgedAudience> {
	const repository = await client.request<IDataObject>({ method: 'GET', path: `/repos/${pathSegment(owner)}/${pathSegment(repo)}` });
	const audience: Audience = repository.private === true || repository.visibility === 'private' || repository.visibility === 'internal' ? 'private' : 'public';
	return { audience, place: `the ${audience} repository ${owner}/${repo}` };
}

export interface Write {
	method: IHttpRequestMethods | string;
	path: string;
	body?: unknown;
	/** The node's Payload URL (sent inside "config" by its handler); API Call reads the body. */
	hookUrl?: unknown;
}

/** The visibility a body asks for through `names` (`private`, `visibility`), when every one given says the same. */
function visibilityAsked(body: IDataObject, names: string[]): Audience | undefined {
	const asked = names.flatMap((name): Audience[] => {
		const value = body[name];
		if (name === 'private' && typeof value === 'boolean') return [value ? 'private' : 'public'];
		if (name === 'visibility' && typeof value === 'string') return [value === 'public' ? 'public' : 'private'];
		return [];
	});
	return asked.includes('public') ? 'public' : asked[0];
}

function newRepositoryAudience(place: NewRepositoryPlace, body: IDataObject): JudgedAudience {
	// GitHub makes a public repository unless the body asks otherwise.
	const audience = visibilityAsked(body, place.visibilityValues ?? []) ?? 'public';
	const owner = place.owner ?? (place.ownerValue ? body[place.ownerValue] : undefined) ?? '';
	const name = body[place.nameValue] ?? place.defaultName ?? '';
	return { audience, place: `the new ${audience} repository ${owner ? `${String(owner)}/` : ''}${String(name)}`.trim() };
}

/**
 * The audience a write creates, not the one its target has before it: a hook URL goes to the
 * hook's host whatever the repository; a visibility change or a new repository is read by whoever
 * can read the result. Anything else: the place as it is now - the classifier's, or `rowPlace`
 * where the request's path names none (a GraphQL row's repository fields).
 */
export async function writeAudience(client: GitHubClient, write: Write, rowPlace?: GitHubPlace): Promise<JudgedAudience> {
	const body = write.body && typeof write.body === 'object' && !Array.isArray(write.body) && !Buffer.isBuffer(write.body) ? (write.body as IDataObject) : {};
	const target: GitHubTarget = classifyGitHubRequest({ method: write.method as IHttpRequestMethods, path: write.path });
	if ((target.kind === 'repository' || target.kind === 'organization') && target.hook && String(write.method).toUpperCase() !== 'GET') {
		const url = write.hookUrl ?? (body.config as IDataObject | undefined)?.url ?? body.url;
		if (url !== undefined && findSecret([{ field: 'Payload URL', value: url }], await client.secrets())) return HOOK_HOST;
	}
	const asked = target.kind === 'repository' && target.updatesRepository ? visibilityAsked(body, ['visibility', 'private']) : undefined;
	if (target.kind === 'repository' && asked) return { audience: asked, place: `the repository ${target.owner}/${target.repo}, ${asked} after this change` };
	const place = placeOf(target) ?? rowPlace;
	if (!place) return UNKNOWN;
	if ('newRepository' in place) return newRepositoryAudience(place.newRepository, body);
	if ('gist' in place) return GIST;
	// GitHub's names hold no "%": one left is a broken escape, refused by the host lock when the request is sent.
	if (`${place.repository.owner}/${place.repository.repo}`.includes('%')) return UNKNOWN;
	return await repositoryAudience(client, place.repository.owner, place.repository.repo);
}
