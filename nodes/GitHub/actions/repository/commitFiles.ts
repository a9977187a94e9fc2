import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { serviceMessage } from '../../../../credentials/signInErrors';
import { apiErrorFromResponse } from '../../../shared/errors';
import { pathSegment } from '../../../../credentials/requestGuard';
import { inputFile, jsonWithBase64File, sizeOf } from '../../../shared/transfer';
import type { GitHubRowRun } from '../types';

/** One entry of "Files" as the editor stores it. */
interface FileEntry {
	path?: string;
	change?: 'write' | 'delete';
	source?: 'text' | 'binary';
	content?: string;
	binaryPropertyName?: string;
}

interface TreeEntry {
	path: string;
	mode: '100644';
	type: 'blob';
	sha?: string | null;
	content?: string;
}

/** A branch name as GitHub's ref paths take it: each segment encoded, the slashes kept. */
const refPath = (branch: string) => branch.split('/').map(pathSegment).join('/');

/** An entry of "Files (JSON)" as a "Files" entry: text only, "change" write (default) or delete. */
function listedFile(entry: IDataObject, index: number, fail: (message: string, description: string) => Error): FileEntry {
	const change = entry.change === undefined ? 'write' : entry.change;
	if (change !== 'write' && change !== 'delete') {
		throw fail(`Entry ${index + 1} of "Files (JSON)" has the change "${String(change)}"`, 'Use "write" (the default) or "delete".');
	}
	if (change === 'write' && typeof entry.content !== 'string') {
		throw fail(`Entry ${index + 1} of "Files (JSON)" has no text "content"`, 'Give the whole new text of the file in "content", or "change": "delete" to remove it.');
	}
	return { path: typeof entry.path === 'string' ? entry.path : '', change, source: 'text', content: entry.content as string | undefined };
}

/** The files of the item ("Files", then "Files (JSON)"), checked before any request: a path each, no path twice. */
function filesOf({ ctx, values, itemIndex }: GitHubRowRun): FileEntry[] {
	const fail = (message: string, description: string) => new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
	const rows = (((values.files as IDataObject | undefined)?.file ?? []) as FileEntry[]).map((entry, index) => ({ entry, where: `File ${index + 1} of "Files"` }));
	const listed = ((values.filesJson ?? []) as IDataObject[]).map((entry, index) => ({ entry: listedFile(entry, index, fail), where: `Entry ${index + 1} of "Files (JSON)"` }));
	const entries = [...rows, ...listed];
	if (!entries.length) throw fail('The "Files" parameter has no file', 'Add at least one file to create, update or delete, in "Files" or "Files (JSON)".');
	const seen = new Set<string>();
	return entries.map(({ entry, where }) => {
		const path = String(entry.path ?? '').trim().replace(/^\/+/, '');
		if (!path || path.endsWith('/') || path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
			throw fail(`${where} has the path "${String(entry.path ?? '')}", which is not a file path`, 'Give each file’s path from the repository root, e.g. "src/index.ts".');
		}
		if (seen.has(path)) throw fail(`"Files" names "${path}" twice`, 'Give each path once: a commit writes or deletes a file once.');
		seen.add(path);
		return { ...entry, path };
	});
}

/** The commit SHA a branch points at, or undefined when the branch does not exist. */
async function branchHead({ client }: GitHubRowRun, repository: string, branch: string): Promise<string | undefined> {
	const response = await client.send<IDataObject>({ method: 'GET', path: `${repository}/git/ref/heads/${refPath(branch)}`, acceptStatus: [404] });
	if (response.statusCode === 404) return undefined;
	return String((response.body.object as IDataObject).sha);
}

/** Binary files become blobs first, streamed from n8n's binary store base64-encoded; text goes into the tree as it is. */
async function treeEntry(input: GitHubRowRun, repository: string, file: FileEntry): Promise<TreeEntry> {
	const { ctx, client, itemIndex } = input;
	const path = file.path as string;
	if (file.change === 'delete') return { path, mode: '100644', type: 'blob', sha: null };
	if (file.source !== 'binary') return { path, mode: '100644', type: 'blob', content: String(file.content ?? '') };
	const property = String(file.binaryPropertyName ?? '').trim() || 'data';
	const binary = inputFile(ctx, itemIndex, property, `Input Binary Field of "${path}"`);
	const size = await sizeOf(ctx, itemIndex, binary);
	const blob = await client.request<IDataObject>({
		method: 'POST',
		path: `${repository}/git/blobs`,
		body: jsonWithBase64File({ content: '', encoding: 'base64' }, 'content', binary, size),
	});
	return { path, mode: '100644', type: 'blob', sha: String(blob.sha) };
}

/**
 * Several files written or deleted in one commit through the Git Database: blobs for binary
 * files, a tree on the branch head's tree, a commit with the head as parent, and the branch moved
 * to it without force (created from the base branch when missing). When the branch moved
 * meanwhile GitHub refuses the move: the error says so and nothing on the branch is lost.
 */
export async function commitFiles(input: GitHubRowRun) {
	const { ctx, client, values, request, itemIndex } = input;
	const repository = request.path.replace(/\/git\/commits$/, '');
	const branch = String(values.branch ?? '').trim().replace(/^refs\/heads\//, '');
	const message = String(values.message ?? '');
	const files = filesOf(input);
	if (!branch) {
		throw new NodeOperationError(ctx.getNode(), 'The "Branch" parameter is empty', { itemIndex, description: 'Give the branch to commit to, e.g. "main" or "fix/typo".' });
	}
	let parent = await branchHead(input, repository, branch);
	const created = parent === undefined;
	if (parent === undefined) {
		let base = String(values.baseBranch ?? '').trim().replace(/^refs\/heads\//, '');
		if (!base) base = String((await client.request<IDataObject>({ method: 'GET', path: repository })).default_branch);
		parent = await branchHead(input, repository, base);
		if (parent === undefined) {
			throw new NodeOperationError(ctx.getNode(), `Neither the branch "${branch}" nor its base branch "${base}" exists`, {
				itemIndex,
				description: 'Give an existing branch in "Branch", or the branch to start it from in "Base Branch".',
			});
		}
	}
	const parentCommit = await client.request<IDataObject>({ method: 'GET', path: `${repository}/git/commits/${pathSegment(parent)}` });
	const tree: TreeEntry[] = [];
	for (const file of files) tree.push(await treeEntry(input, repository, file));
	const newTree = await client.request<IDataObject>({
		method: 'POST',
		path: `${repository}/git/trees`,
		body: { base_tree: (parentCommit.tree as IDataObject).sha, tree },
	});
	const commit = await client.request<IDataObject>({
		method: 'POST',
		path: request.path,
		body: { ...(request.body as IDataObject), message, tree: newTree.sha, parents: [parent] },
	});
	const moved = created
		? await client.send({ method: 'POST', path: `${repository}/git/refs`, body: { ref: `refs/heads/${branch}`, sha: commit.sha }, acceptStatus: [422] })
		: await client.send({ method: 'PATCH', path: `${repository}/git/refs/heads/${refPath(branch)}`, body: { sha: commit.sha, force: false }, acceptStatus: [422] });
	if (moved.statusCode === 422) {
		const conflict = /fast.forward|already exists/i.test(String(serviceMessage(moved.body).message ?? ''));
		const what = created ? `the branch "${branch}" was created by someone else meanwhile` : `the branch "${branch}" moved meanwhile (a push after ${parent.slice(0, 7)})`;
		throw apiErrorFromResponse(
			ctx.getNode(),
			'GitHub',
			moved,
			await client.secrets(),
			conflict
				? `Nothing was committed to "${branch}": ${what}, and the files are never forced over other changes. Run the node again to commit them on the branch's new head.`
				: undefined,
		);
	}
	const json = {
		sha: commit.sha,
		url: commit.html_url,
		branch,
		branchCreated: created,
		parent,
		message: commit.message,
		files: files.map((file) => ({ path: file.path, action: file.change === 'delete' ? 'delete' : 'write' })),
	};
	return [{ json: json as IDataObject, pairedItem: { item: itemIndex } }];
}
