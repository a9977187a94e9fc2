import type { INodeProperties } from 'n8n-workflow';

import { packageNodeTypes } from '../harness/nodeTypes';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

const CASES = [
	{ type: 'gitHub', apiCall: 'GitHub Toolkit API Call', credentials: { githubAccessTokenApi: { server: 'https://api.github.com', accessToken: 'ghp_customApiCallTest0123456789abcdef' } } },
	{ type: 'trello', apiCall: 'Trello Toolkit API Call', credentials: { trelloKeyTokenApi: { apiKey: 'key-0123456789', apiToken: 'token-0123456789abcdef', apiBaseUrl: 'https://api.trello.com' } } },
] as const;

/** n8n adds "Custom API Call" (value __CUSTOM_API_CALL__) to the Resource list of these nodes; it leads to this package's API Call nodes. */
describe('"Custom API Call" points to the API Call node of the same service', () => {
	it.each(CASES)('$type: a notice naming the $apiCall node is shown only for Custom API Call', ({ type, apiCall }) => {
		const properties = packageNodeTypes().get(`n8n-nodes-github-trello.${type}`)!.description.properties as INodeProperties[];
		const notice = properties.find((property) => property.name === 'customApiCallNotice')!;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toContain(`<b>${apiCall}</b> node`);
		expect(notice.displayName).not.toMatch(/HTTP Request/);
		expect(notice.displayOptions).toEqual({ show: { resource: ['__CUSTOM_API_CALL__'] } });
	});

	it.each(CASES)('$type: a run with Custom API Call chosen stops with an error naming the $apiCall node', async ({ type, apiCall, credentials }) => {
		const credentialIds = Object.fromEntries(Object.keys(credentials).map((name) => [name, `${name}-id`]));
		const node = packageNode('Node', type, { resource: '__CUSTOM_API_CALL__', operation: '__CUSTOM_API_CALL__' }, credentialIds);
		const run = await runWorkflow(singleNodeWorkflow(node), { credentials });
		const error = run.error('Node');
		expect(error?.message).toBe(`"Custom API Call" is done with the ${apiCall} node`);
		expect(error?.description).toContain(`Replace this node with the ${apiCall} node`);
	});
});
