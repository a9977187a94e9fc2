import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ServiceAnswerError } from '../../../shared/errors';
import { sealsTo, sealText } from './sealedBox';
import type { GitHubRowRun } from '../types';

/** GitHub's rule for secret names: letters, digits and underscores, not starting with a digit or GITHUB_. */
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface PublicKey {
	key_id?: string;
	key?: string;
}

/**
 * Create or update: the target's public key is fetched, the value is sealed to it here (libsodium
 * sealed box) and only the sealed value goes to GitHub with the key's ID. The plaintext is in no
 * request or output; errors lose it in the pipeline (the field is marked secret).
 */
export async function setSecret({ ctx, client, values, request, itemIndex, respond }: GitHubRowRun) {
	const name = String(values.name ?? '').trim();
	if (!SECRET_NAME.test(name) || /^GITHUB_/i.test(name)) {
		throw new NodeOperationError(ctx.getNode(), `The "Secret Name" parameter "${name}" is not a valid secret name`, {
			itemIndex,
			description: 'Use letters, digits and underscores only, not starting with a digit or with GITHUB_, e.g. "DEPLOY_TOKEN".',
		});
	}
	const plaintext = values.value;
	if (typeof plaintext !== 'string' || plaintext === '') {
		throw new NodeOperationError(ctx.getNode(), 'The "Secret Value" parameter must be non-empty text', {
			itemIndex,
			description: 'Give the secret as text (e.g. an expression ending in .toString()); the value itself is never shown.',
		});
	}
	const publicKeyPath = request.path.replace(/\/[^/]+$/, '/public-key');
	const answer = await client.send<PublicKey>({ method: 'GET', path: publicKeyPath });
	const publicKey = answer.body;
	const key = Buffer.from(String(publicKey?.key ?? ''), 'base64');
	if (!publicKey?.key_id || key.length !== 32) {
		throw new ServiceAnswerError(
			`GitHub answered ${publicKeyPath} without a 32-byte public key and its ID`,
			'Nothing was sent. Check that the credential may read the secrets of this repository, environment or organization.',
			answer,
		);
	}
	if (!sealsTo(key)) {
		throw new ServiceAnswerError(
			`GitHub answered ${publicKeyPath} with a public key nothing can be sealed to (a low-order key such as all zeros)`,
			'Nothing was sent. Check the GitHub Server field of the credential; GitHub\'s own keys are never such keys.',
			answer,
		);
	}
	const body = { ...(request.body as IDataObject | undefined), encrypted_value: sealText(plaintext, publicKey.key ?? ''), key_id: publicKey.key_id };
	const response = await client.send({ ...request, body });
	return respond({ name, created: response.statusCode === 201, keyId: publicKey.key_id });
}
