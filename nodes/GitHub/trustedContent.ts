import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { executionMemory } from '../shared/context';
import { percentDecoded } from '../shared/percentDecoding';
import { pathSegment } from '../../credentials/requestGuard';
import type { FieldSet } from '../shared/simplify';
import { authoredFields, valueAt, withValueAt } from '../shared/simplify';
import type { Trust } from '../shared/trustLabel';
import { recordedTrust, recordVerdict } from '../shared/trustLabel';
import type { GitHubClient } from './transport';

/**
 * Trusted content only: text written by someone who cannot write to the repository is withheld
 * from what the node returns, replaced by a marker saying by whom and why. GitHub tells the
 * author's relation to the repository in `author_association`; where an answer does not (commits,
 * discussions), the author's permission is looked up once per repository and author and run.
 * Numbers, states, labels and the authors' names stay. See docs/agents.md.
 */

/** What a GitHub item's trust label means, for the tool descriptions and Simplify. */
export const GITHUB_TRUST_MEANING = 'trust: writer, outsider or unknown (can its author write to the repository?)';

export const TRUSTED_CONTENT_ONLY_OPTION: INodeProperties = {
	displayName: 'Trusted Content Only',
	name: 'trustedContentOnly',
	type: 'boolean',
	default: false,
	description:
		"Whether to withhold the titles, bodies and messages written by people without write access to the repository (GitHub's author association NONE, FIRST_TIMER, FIRST_TIME_CONTRIBUTOR, CONTRIBUTOR or MANNEQUIN), replaced by a note saying by whom. Numbers, states and labels stay. Also on when the credential's scope sets it.",
};

const TRUSTED = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);
const UNTRUSTED = new Set(['NONE', 'FIRST_TIMER', 'FIRST_TIME_CONTRIBUTOR', 'CONTRIBUTOR', 'MANNEQUIN']);
const WRITERS = new Set(['admin', 'maintain', 'write']);

/** Fields of a simplified object that name its author: only objects with one are judged. */
const AUTHOR_FIELDS = ['author', 'actor'];

interface Repository {
	owner: string;
	repo: string;
}

/** Authored text only raw output carries (see GITHUB_RAW_AUTHORED), with the embedded objects' field sets. */
export interface RawAuthored {
	texts?: string[];
	embedded?: Array<{ path: string; fields: FieldSet }>;
}

interface Verdict {
	trusted: boolean;
	/** Who wrote it and how they relate to the repository, for the marker. */
	who: string;
}

function loginOf(raw: IDataObject): string | undefined {
	const person = (raw.user ?? raw.author ?? raw.actor) as IDataObject | string | null | undefined;
	if (typeof person === 'string') return person || undefined;
	return typeof person?.login === 'string' ? person.login : undefined;
}

/** The repository an object belongs to: its own (search results span repositories), else the operation's. */
function repositoryOf(raw: IDataObject, fallback?: Repository): Repository | undefined {
	const url = typeof raw.repository_url === 'string' ? raw.repository_url : '';
	const match = /\/repos\/([^/]+)\/([^/]+)$/.exec(url);
	if (!match) return ownRepository(raw) ?? fallback;
	const [owner, repo] = [percentDecoded(match[1]), percentDecoded(match[2])];
	// A broken % escape names no repository: judged as the operation's.
	return owner === undefined || repo === undefined ? fallback : { owner, repo };
}

/** Commit search results name their repository as an object, not by address. */
function ownRepository(raw: IDataObject): Repository | undefined {
	const fullName = (raw.repository as IDataObject | null | undefined)?.full_name;
	const [owner, repo, ...rest] = typeof fullName === 'string' ? fullName.split('/') : [];
	return owner && repo && !rest.length ? { owner, repo } : undefined;
}

/** The verdict the answer itself gives, without a look-up: a commit's signature, else the author association. */
function verdictInAnswer(raw: IDataObject): Verdict | undefined {
	const login = loginOf(raw);
	// A commit's author login comes from the e-mail it names, which anyone can write: only a verified signature ties it to the account.
	const commit = raw.commit as IDataObject | null | undefined;
	if (commit && typeof commit === 'object' && 'message' in commit && (commit.verification as IDataObject | null | undefined)?.verified !== true) {
		return { trusted: false, who: `${login ?? 'an unknown author'} (unverified commit)` };
	}
	const association = typeof raw.author_association === 'string' ? raw.author_association.toUpperCase() : undefined;
	if (association && TRUSTED.has(association)) return { trusted: true, who: `${login} (${association})` };
	if (association && UNTRUSTED.has(association)) return { trusted: false, who: `${login ?? 'an unknown author'} (${association})` };
	return undefined;
}

/**
 * The trust label of a simplified GitHub object: Trusted Content Only's verdict when it judged the
 * object, else the verdict it would reach without a request (signature, author association, no
 * GitHub user: withheld). Where only the permission look-up would tell, or the type is never
 * judged (no author in its field set), `unknown`: the label sends no request.
 */
export function githubTrust(fields: FieldSet, raw: IDataObject): Trust {
	const recorded = recordedTrust(raw);
	if (recorded) return recorded;
	if (!AUTHOR_FIELDS.some((name) => name in fields)) return 'unknown';
	const told = verdictInAnswer(raw);
	if (told) return told.trusted ? 'writer' : 'outsider';
	return loginOf(raw) ? 'unknown' : 'outsider';
}

export class TrustJudge {
	constructor(
		/** The run's context: permissions are remembered for its length. */
		private readonly ctx: object,
		private readonly client: GitHubClient,
	) {}

	/** Whether a person can write to a repository: their permission, asked once per run. */
	private async canWrite(repository: Repository, login: string): Promise<boolean> {
		const memory = executionMemory(this.ctx, 'authorPermission');
		const key = `${repository.owner}/${repository.repo}/${login}`.toLowerCase();
		let known = memory.get(key) as Promise<boolean> | undefined;
		if (!known) {
			known = this.client
				.send<IDataObject>({
					method: 'GET',
					path: `/repos/${pathSegment(repository.owner)}/${pathSegment(repository.repo)}/collaborators/${pathSegment(login)}/permission`,
					acceptStatus: [404],
				})
				.then((response) => response.statusCode !== 404 && WRITERS.has(String(response.body?.permission ?? '')));
			memory.set(key, known);
			known.catch(() => memory.delete(key));
		}
		return await known;
	}

	async verdict(raw: IDataObject, repository?: Repository): Promise<Verdict> {
		const login = loginOf(raw);
		const told = verdictInAnswer(raw);
		if (told) return told;
		const where = repositoryOf(raw, repository);
		if (!login || !where) return { trusted: false, who: login ? `${login} (write access unknown)` : 'an unknown author' };
		return (await this.canWrite(where, login)) ? { trusted: true, who: login } : { trusted: false, who: `${login} (no write access)` };
	}

	/**
	 * The answer with the authored fields of untrusted objects replaced by a marker; lists of
	 * authored entries with their own authors (a discussion's comments) are judged entry by entry.
	 */
	async withhold(fields: FieldSet, body: unknown, repository?: Repository, rawOnly?: RawAuthored): Promise<unknown> {
		if (Array.isArray(body)) {
			const out: unknown[] = [];
			for (const entry of body) out.push(await this.withhold(fields, entry, repository, rawOnly));
			return out;
		}
		if (!body || typeof body !== 'object' || !AUTHOR_FIELDS.some((name) => name in fields)) return body;
		const raw = body as IDataObject;
		const authored = [...authoredFields(fields).filter((field) => field.path), ...(rawOnly?.texts ?? []).map((path) => ({ path }))];
		let verdict: Verdict | undefined;
		let entriesTrusted: boolean | undefined;
		let out: IDataObject = raw;
		for (const { path: embeddedPath, fields: embeddedFields } of rawOnly?.embedded ?? []) {
			const embedded = valueAt(raw, embeddedPath);
			if (embedded && typeof embedded === 'object') out = withValueAt(out, embeddedPath, await this.withhold(embeddedFields, embedded, repository));
		}
		for (const { path } of authored) {
			const value = valueAt(raw, path as string);
			if (Array.isArray(value)) {
				const entries: unknown[] = [];
				for (const entry of value) entries.push(await this.withholdEntry(entry, repository, (trusted) => (entriesTrusted = (entriesTrusted ?? true) && trusted)));
				out = withValueAt(out, path as string, entries);
				continue;
			}
			if (typeof value !== 'string' || !value) continue;
			verdict ??= await this.verdict(raw, repository);
			if (!verdict.trusted) out = withValueAt(out, path as string, marker(verdict.who));
		}
		// The label is the least trusted text's: a writer's discussion with an outsider's comment is 'outsider'.
		if (verdict) recordVerdict(out, verdict.trusted);
		if (entriesTrusted !== undefined) recordVerdict(out, entriesTrusted);
		return out;
	}

	private async withholdEntry(entry: unknown, repository: Repository | undefined, judged: (trusted: boolean) => void): Promise<unknown> {
		if (!entry || typeof entry !== 'object' || typeof (entry as IDataObject).body !== 'string') return entry;
		const verdict = await this.verdict(entry as IDataObject, repository);
		judged(verdict.trusted);
		return verdict.trusted ? entry : { ...(entry as IDataObject), body: marker(verdict.who) };
	}
}

export const marker = (who: string) => `[withheld: written by ${who}, who cannot write to this repository (Trusted Content Only)]`;
