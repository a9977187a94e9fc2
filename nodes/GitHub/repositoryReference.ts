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
 * hidden (n8n drops hidden values, so the run takes the owner from the repository). The value test
 * leaves expressions alone: an expression's result is unknown until the run, so the owner is asked for.
 */
export const OWNER_NAMED_BY_REPOSITORY: NonNullable<INodeProperties['displayOptions']> = {
	hide: {
		'repository.mode': ['url'],
		repository: [{ _cnd: { regex: '^[^=][^/]*/' } }],
	},
};
