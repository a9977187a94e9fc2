import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Audience } from '../shared/secretWrites';
import { findSecret } from '../shared/secretWrites';
import { percentDecoded } from '../shared/percentDecoding';
import { pathSegment } from '../../credentials/requestGuard';
import type { GitHubClient } from './transport';

interface TargetAudience {
	audience: Audience;
	target: string;
}

const UNKNOWN: TargetAudience = { audience: 'public', target: 'a target whose readers cannot be told (counted as public)' };

/**
 * Who can read a repository now: its `private` flag, asked again for every write (a write earlier in
 * the run may have made it public). An internal repository (readable by its enterprise only) counts as private.
 */
export async function repositoryAudience(_ctx: IExecuteFunctions, client: GitHubClient, owner: string, repo: string): Promise<TargetAudience> {
	const repository = await client.request<IDataObject>({ method: 'GET', path: `/repos/${pathSegment(owner)}/${pathSegment(repo)}` });
	const audience: Audience = repository.private === true || repository.visibility === 'private' || repository.visibility === 'internal' ? 'private' : 'public';
	return { audience, target: `the ${audience} repository ${owner}/${repo}` };
}

interface Write {
	method: string;
	path: string;
	body?: unknown;
	/** The node's Payload URL (sent inside "config" by its handler); API Call reads the body. */
	hookUrl?: unknown;
}

const HOOK_HOST: TargetAudience = { audience: 'public', target: 'the webhook\'s delivery host (it receives the URL with every delivery)' };
const HOOK_PATH = /^\/(repos\/[^/?#]+\/[^/?#]+|orgs\/[^/?#]+)\/hooks(\/[^/?#]+(\/config)?)?\/?$/;
const REPOSITORY_PATH = /^\/repos\/([^/?#]+)\/([^/?#]+)\/?$/;
const GENERATE_PATH = /^\/repos\/[^/?#]+\/[^/?#]+\/generate\/?$/;

/** The visibility a body asks for, when it asks for one. */
function visibilityAsked(body: IDataObject): Audience | undefined {
	if (typeof body.visibility === 'string') return body.visibility === 'public' ? 'public' : 'private';
	if (typeof body.private === 'boolean') return body.private ? 'private' : 'public';
	return undefined;
}

/**
 * The audience a write creates, not the one its target has before it: a hook URL goes to the
 * hook's host whatever the repository; a visibility change or a repository generated from a
 * template is read by whoever can read the result. Anything else: `current` (the target as it is now).
 */
export async function writeAudience(client: GitHubClient, write: Write, current: () => Promise<TargetAudience>): Promise<TargetAudience> {
	const body = write.body && typeof write.body === 'object' && !Array.isArray(write.body) && !Buffer.isBuffer(write.body) ? (write.body as IDataObject) : {};
	const path = write.path.split('?')[0];
	if (write.method !== 'GET' && HOOK_PATH.test(path)) {
		const url = write.hookUrl ?? (body.config as IDataObject | undefined)?.url ?? body.url;
		if (url !== undefined && findSecret([{ field: 'Payload URL', value: url }], await client.secrets())) return HOOK_HOST;
	}
	if (write.method === 'POST' && GENERATE_PATH.test(path)) {
		// GitHub creates a public repository unless "private" is true.
		const audience: Audience = body.private === true ? 'private' : 'public';
		return { audience, target: `the new ${audience} repository ${String(body.owner ?? '')}/${String(body.name ?? '')}`.replace(/ \/$/, '') };
	}
	const repository = REPOSITORY_PATH.exec(path);
	const asked = write.method === 'PATCH' && repository ? visibilityAsked(body) : undefined;
	if (repository && asked) {
		const name = `${percentDecoded(repository[1]) ?? repository[1]}/${percentDecoded(repository[2]) ?? repository[2]}`;
		return { audience: asked, target: `the repository ${name}, ${asked} after this change` };
	}
	return await current();
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
