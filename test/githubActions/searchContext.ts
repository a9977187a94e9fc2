import type { ICredentialDataDecryptedObject, IDataObject, ILoadOptionsFunctions, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { LoadOptionsContext } from 'n8n-core';

import { HarnessCredentialsHelper } from '../harness/credentialsHelper';
import { HarnessNodeTypes } from '../harness/nodeTypes';
import { packageNode } from '../harness/workflow';
import { credentials as defaultCredentials } from './run';

/**
 * n8n-core's own list-search context on a GitHub node with these parameters, as the editor
 * sends them (nothing resolved), signed in with the access-token credential given.
 */
export function searchContext(
	parameters: IDataObject,
	credentials: Record<string, ICredentialDataDecryptedObject> = defaultCredentials,
): ILoadOptionsFunctions {
	const node = packageNode('GitHub', 'gitHub', { authentication: 'accessToken', ...parameters }, { githubAccessTokenApi: 'token-cred' });
	const workflow = new Workflow({ id: 'methods', nodes: [node], connections: {}, nodeTypes: new HarnessNodeTypes(), active: false, settings: {} });
	const additionalData = {
		credentialsHelper: new HarnessCredentialsHelper(credentials),
		currentNodeParameters: node.parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.list');
}
