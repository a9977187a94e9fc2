import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answered, proofFor } from '../discussion/handlers';
import type { GitHubRowRun } from '../types';

/** The commit a reference names and what the file path is in it (an annotated tag is followed to its commit). */
const FILE_AT_COMMIT = 'oid file(path: $path) { type }';

export const FILE_AT_REF_QUERY = `query($owner: String!, $repo: String!, $ref: String!, $path: String!) {
  repository(owner: $owner, name: $repo) {
    object(expression: $ref) {
      __typename
      ... on Commit { ${FILE_AT_COMMIT} }
      ... on Tag { target { __typename ... on Commit { ${FILE_AT_COMMIT} } } }
    }
  }
}`;

export const FILE_ON_DEFAULT_BRANCH_QUERY = `query($owner: String!, $repo: String!, $path: String!) {
  repository(owner: $owner, name: $repo) {
    defaultBranchRef { name target { __typename ... on Commit { ${FILE_AT_COMMIT} } } }
  }
}`;

export const BLAME_QUERY = `query($owner: String!, $repo: String!, $commit: String!, $path: String!) {
  repository(owner: $owner, name: $repo) {
    object(expression: $commit) {
      ... on Commit {
        blame(path: $path) {
          ranges {
            startingLine endingLine age
            commit { oid abbreviatedOid messageHeadline url author { name date user { login } } }
          }
        }
      }
    }
  }
}`;

interface FileCommit {
	__typename?: string;
	oid?: string;
	file?: { type?: string } | null;
	target?: FileCommit | null;
}

const failure = (input: GitHubRowRun, message: string, description: string) =>
	new NodeOperationError(input.ctx.getNode(), message, { itemIndex: input.itemIndex, description });

/** The commit whose version of the file is blamed: the reference's, or the default branch's head. */
async function blamedCommit(input: GitHubRowRun, place: Awaited<ReturnType<typeof proofFor>>, path: string, ref: string): Promise<string> {
	const { owner, repo, proof } = place;
	const where = `${owner}/${repo}`;
	let found: FileCommit | null | undefined;
	let named: string;
	if (ref) {
		const data = await input.client.graphql<{ repository: { object: FileCommit | null } | null }>(FILE_AT_REF_QUERY, { owner, repo, ref, path }, proof);
		if (!data.repository) throw failure(input, `The repository ${where} was not found`, 'Check "Repository Owner" and "Repository".');
		found = data.repository.object;
		if (!found) throw failure(input, `The reference "${ref}" was not found in ${where}`, 'Give an existing branch, tag or commit SHA in "Reference", or leave it empty for the default branch.');
		found = found.__typename === 'Tag' ? found.target : found;
		named = `"${ref}"`;
	} else {
		const data = await input.client.graphql<{ repository: { defaultBranchRef: { name: string; target: FileCommit | null } | null } | null }>(
			FILE_ON_DEFAULT_BRANCH_QUERY,
			{ owner, repo, path },
			proof,
		);
		if (!data.repository) throw failure(input, `The repository ${where} was not found`, 'Check "Repository Owner" and "Repository".');
		const branch = data.repository.defaultBranchRef;
		if (!branch) throw failure(input, `${where} has no default branch (the repository is empty)`, 'Push a commit first, or give a branch, tag or commit SHA in "Reference".');
		found = branch.target;
		named = `the default branch "${branch.name}"`;
	}
	if (found?.__typename !== 'Commit' || typeof found.oid !== 'string') {
		throw failure(input, `The reference ${named} of ${where} does not name a commit`, 'Give a branch, tag or commit SHA in "Reference".');
	}
	if (!found.file) throw failure(input, `The file "${path}" was not found at ${named} of ${where}`, 'Check "File Path" (from the repository root, e.g. "src/index.ts") and "Reference".');
	if (found.file.type !== 'blob') throw failure(input, `"${path}" is a ${found.file.type === 'tree' ? 'folder' : String(found.file.type)}, not a file, at ${named} of ${where}`, 'Give the path of a file in "File Path".');
	return found.oid;
}

/** One item per range of lines last changed by the same commit, in file order. */
export async function getFileBlame(input: GitHubRowRun) {
	const place = await proofFor(input);
	const path = String(input.values.path ?? '').trim().replace(/^\/+/, '');
	if (!path) throw failure(input, 'The "File Path" parameter is empty', 'Give the path of a file from the repository root, e.g. "src/index.ts".');
	const commit = await blamedCommit(input, place, path, String(input.values.ref ?? '').trim());
	const data = await input.client.graphql<{ repository: { object: { blame?: { ranges?: IDataObject[] } } | null } | null }>(
		BLAME_QUERY,
		{ owner: place.owner, repo: place.repo, commit, path },
		place.proof,
	);
	const ranges = answered(data.repository?.object?.blame?.ranges, `the blame of "${path}"`);
	return input.respond(ranges);
}
