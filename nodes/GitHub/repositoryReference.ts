import type { INodeProperties } from 'n8n-workflow';

const REPOSITORY_URL = /^https?:\/\/[^/]+\/([^/\s]+)\/([^/\s?#]+)/i;
const OWNER_AND_NAME = /^([^/\s]+)\/([^/\s]+)$/;

/** Owner and name of a repository given as its URL or as "owner/name"; undefined for a bare name. */
export function repositoryReference(text: string): { owner: string; repo: string } | undefined {
	const match = REPOSITORY_URL.exec(text) ?? OWNER_AND_NAME.exec(text);
	return match ? { owner: match[1], repo: match[2].replace(/\.git$/i, '') } : undefined;
}

/**
 * A repository given by URL or as "owner/name" (typed, or picked without an owner) names its owner: the owner field is then
 * hidden (n8n drops hidden values, so the run takes the owner from the repository). The value test is
 * a plain "contains /": n8n runs `regex` conditions in a VM with a 250 ms limit each time it reads
 * the node's parameters, which fails at random on a busy host. An expression containing "/" counts
 * as naming the owner too; if it resolves to a bare name, the run says to add the owner.
 */
export const OWNER_NAMED_BY_REPOSITORY: NonNullable<INodeProperties['displayOptions']> = {
	hide: {
		// From the root ('/'): n8n 1.x cannot order a parameter after a dotted sibling path and fails every run.
		'/repository.mode': ['url'],
		repository: [{ _cnd: { includes: '/' } }],
	},
};
