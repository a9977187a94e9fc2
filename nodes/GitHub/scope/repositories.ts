import { ListRefusal, settingEntries } from '../../shared/scope';

/** A list of repositories: the credential's "Allowed Repositories" or the node's. */

export interface RepositoryList {
	/** owner/name or owner/*, lower case, as written. */
	entries: string[];
	/** Where the list comes from, for messages: the credential's scope or the node's setting. */
	source: string;
	allows(owner: string, repo: string): boolean;
	/** An owner/* entry covers every repository of `owner`. */
	coversOwner(owner: string): boolean;
	/** Any entry names `owner` (owner/name or owner/*). */
	namesOwner(owner: string): boolean;
}

const REPOSITORY_ENTRY = /^[-\w.]+\/([-\w.]+|\*)$/;

/** Parses "Allowed Repositories" (owner/name, owner/*, or repository URLs, comma or line separated). */
export function parseRepositoryList(
	raw: unknown,
	source: string,
	settingName: string,
	written = false,
): RepositoryList | undefined {
	const parts = settingEntries(raw, written);
	if (parts === undefined) return undefined;
	const entries: string[] = [];
	for (const part of parts) {
		const text = part.replace(/^https?:\/\/[^/]+\/?/i, '').replace(/\.git$/i, '').replace(/\/+$/, '');
		if (!REPOSITORY_ENTRY.test(text) || text.startsWith('.')) {
			throw new ListRefusal(
				`"${part}" in "${settingName}" is not a repository, so nothing is allowed`,
				'Write each entry as owner/name (or owner/* for every repository of an owner), separated by commas.',
			);
		}
		entries.push(text.toLowerCase());
	}
	if (!entries.length) {
		throw new ListRefusal(
			`"${settingName}" is set but names no repository, so nothing is allowed`,
			'Write each entry as owner/name (or owner/* for every repository of an owner), separated by commas, or clear the setting.',
		);
	}
	return {
		entries,
		source,
		allows: (owner, repo) => {
			const full = `${owner}/${repo}`.toLowerCase();
			return entries.some((entry) => entry === full || entry === `${owner.toLowerCase()}/*`);
		},
		coversOwner: (owner) => entries.includes(`${owner.toLowerCase()}/*`),
		namesOwner: (owner) => entries.some((entry) => entry.split('/')[0] === owner.toLowerCase()),
	};
}

export function allowedRepositoriesText(list: RepositoryList): string {
	return `Allowed repositories: ${list.entries.join(', ')}.`;
}

export function repositoryRefusal(owner: string, repo: string, list: RepositoryList): ListRefusal {
	return new ListRefusal(
		`Refused: the repository "${owner}/${repo}" is outside ${list.source}. ${allowedRepositoriesText(list)}`,
		'Work on one of the allowed repositories, or ask for the scope to be extended.',
	);
}
