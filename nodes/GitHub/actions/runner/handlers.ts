import type { IDataObject } from 'n8n-workflow';

import type { GitHubRowRun } from '../types';

/**
 * A registration token lets anyone add a machine to the repository's runners for an hour. It is
 * held as a secret before the answer is shaped, so nothing the run reports after this point
 * (errors, logs, later answers) can carry it; the output item is where it is meant to go.
 */
export async function createRegistrationToken({ client, request, respond }: GitHubRowRun) {
	const { body } = await client.send<IDataObject>(request);
	client.holdIssuedSecret(body?.token);
	return await respond(body);
}
