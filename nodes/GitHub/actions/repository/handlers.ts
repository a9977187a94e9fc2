import { NodeOperationError } from 'n8n-workflow';

import { listOf } from '../../../shared/rowEngine';
import { pathSegment } from '../../../../credentials/requestGuard';
import { repositoryRefusal } from '../../scope/repositories';
import { fileNameFromDisposition, saveDownload, storedSize } from '../../../shared/transfer';
import type { GitHubRowRun } from '../types';

/** The connected account's repositories live at /user/repos, an organization's at /orgs/{org}/repos. */
export async function createRepository({ client, values, request, generic }: GitHubRowRun) {
	const owner = String(values.owner ?? '').trim();
	if (!owner) return await generic(request);
	// The login is remembered by the client, so the scope's check of /user/repos reads it no second time.
	if ((await client.accountLogin()).toLowerCase() === owner.toLowerCase()) return await generic(request);
	return await generic({ ...request, path: `/orgs/${pathSegment(owner)}/repos` });
}

/**
 * Lists of repositories keep only those the node's "Allowed Repositories" names (the transport
 * does the same for the credential's scope).
 */
export async function listRepositoriesInScope({ request, allowlist, generic }: GitHubRowRun) {
	if (!allowlist) return await generic(request);
	return await generic(request, (raw) => {
		const [owner, repo] = String(raw.full_name ?? '').split('/');
		return Boolean(owner && repo && allowlist.allows(owner, repo));
	});
}

/** An empty list is a real request here (it clears the topics), so the body is always sent. */
export async function replaceTopics({ values, request, generic }: GitHubRowRun) {
	return await generic({ ...request, body: { names: listOf(values.names).map((name) => name.toLowerCase()) } });
}

/**
 * A fork is a new repository: with "Allowed Repositories" set it must be allowed as well
 * (owner: the organization, else the connected account).
 */
export async function createFork({ ctx, client, values, request, allowlist, itemIndex, generic }: GitHubRowRun) {
	if (allowlist) {
		const organization = String(values.organization ?? '').trim();
		const owner = organization || (await client.accountLogin());
		const name = String(values.name ?? '').trim() || String(values.repository);
		if (!allowlist.allows(owner, name)) {
			const refusal = repositoryRefusal(owner, name, allowlist);
			throw new NodeOperationError(ctx.getNode(), refusal.message, {
				itemIndex,
				description: `The fork would be ${owner}/${name}. ${refusal.hint}`,
			});
		}
	}
	return await generic(request);
}

/**
 * Deleting cannot be undone, so the full name must be typed again: a wrong or guessed repository
 * (an expression, an agent's argument) stops here with nothing sent.
 */
export async function deleteRepository({ ctx, values, request, itemIndex, generic }: GitHubRowRun) {
	const fullName = `${String(values.owner)}/${String(values.repository)}`;
	const confirmation = String(values.confirmFullName ?? '');
	if (confirmation !== fullName) {
		throw new NodeOperationError(
			ctx.getNode(),
			confirmation
				? `The "Confirm Full Name" parameter is "${confirmation}", not the repository "${fullName}", so nothing was deleted`
				: `The "Confirm Full Name" parameter is empty, so the repository "${fullName}" was not deleted`,
			{ itemIndex, description: `Give "${fullName}" (owner/name, exactly as the repository is chosen) in "Confirm Full Name" to delete it permanently.` },
		);
	}
	return await generic(request);
}

const ARCHIVE_TYPES: Record<string, { extension: string; mimeType: string }> = {
	tarball: { extension: 'tar.gz', mimeType: 'application/gzip' },
	zipball: { extension: 'zip', mimeType: 'application/zip' },
};

/**
 * A snapshot of the repository at a ref, tar.gz or zip: GitHub redirects to its archive host
 * (followed without the credential) and names the file; it streams into binary data.
 */
export async function downloadArchive({ ctx, client, values, request, itemIndex }: GitHubRowRun) {
	const format = values.archiveFormat === 'zipball' ? 'zipball' : 'tarball';
	const path = request.path.replace(/\/tarball\//, `/${format}/`);
	const response = await client.send({ ...request, path, encoding: 'stream' });
	const { extension, mimeType } = ARCHIVE_TYPES[format];
	const fallback = `${String(values.repository)}-${String(values.ref).replace(/\//g, '-')}.${extension}`;
	const fileName = fileNameFromDisposition(response.headers['content-disposition']) ?? fallback;
	const property = String(values.binaryPropertyName ?? '').trim() || 'data';
	const binary = await saveDownload(ctx, response.body, fileName, mimeType);
	const size = await storedSize(ctx, binary);
	return [{ json: { ref: values.ref, format, fileName, size: size ?? null }, binary: { [property]: binary }, pairedItem: { item: itemIndex } }];
}
