import type { INodeProperties } from 'n8n-workflow';

const REPOSITORY_URL = /^https?:\/\/[^/]+\/([^/\s]+)\/([^/\s?#]+)/i;
const OWNER_AND_NAME = /^([^/\s]+)\/([^/\s]+)$/;

/** Owner and name of a repository given as its URL or as "owner/name"; undefined for a bare name. */
export function repositoryReference(text: string): { owner: string; repo: string } | undefined {
	const match = REPOSITORY_URL.exec(text) ?? OWNER_AND_NAME.exec(text);
	return match ? { owner: match[1], repo: match[2].replace(/\.git$/i, '') } : undefined;
}

/**
 * A repository given by URL names its owner: the owner field is then hidden (n8n drops hidden values,
 * so the run takes the owner from the URL). Only the mode is tested: a value test ("contains /") needs
 * `regex` (run by n8n in a VM with a 250 ms limit on every parameter read, failing at random on a busy
 * host) or `includes` (which n8n 1.x applies to a missing value and throws, failing every run). So a
 * repository typed as "owner/name" still asks for the owner; the run checks the two agree.
 */
export const OWNER_NAMED_BY_REPOSITORY: NonNullable<INodeProperties['displayOptions']> = {
	hide: {
		// From the root ('/'): n8n 1.x cannot order a parameter after a dotted sibling path and fails every run.
		'/repository.mode': ['url'],
	},
};
