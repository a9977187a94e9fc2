const REPOSITORY_URL = /^https?:\/\/[^/]+\/([^/\s]+)\/([^/\s?#]+)/i;
const OWNER_AND_NAME = /^([^/\s]+)\/([^/\s]+)$/;

/** Owner and name of a repository given as its URL or as "owner/name"; undefined for a bare name. */
export function repositoryReference(text: string): { owner: string; repo: string } | undefined {
	const match = REPOSITORY_URL.exec(text) ?? OWNER_AND_NAME.exec(text);
	return match ? { owner: match[1], repo: match[2].replace(/\.git$/i, '') } : undefined;
}
