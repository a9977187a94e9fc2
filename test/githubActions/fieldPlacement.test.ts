import type { INodeProperties } from 'n8n-workflow';

import { GitHub } from '../../nodes/GitHub/GitHub.node';
import { resetGitHubRateLimitState } from '../../nodes/GitHub/transport';
import { Trello } from '../../nodes/Trello/Trello.node';
import { GitHubRecorder } from './recorder';
import { repo, runGitHub } from './run';

beforeEach(() => resetGitHubRateLimitState());

function shownFor(properties: INodeProperties[], resource: string, operation: string): INodeProperties[] {
	return properties.filter((p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation));
}

describe('GitHub Issue → Create: fields a user fills in, nothing the user did not set', () => {
	const properties = new GitHub().description.properties;

	it('shows Body, Labels and Assignees directly; only Milestone Number is under Additional Fields', () => {
		const shown = shownFor(properties, 'issue', 'create');
		expect(shown.map((p) => p.name)).toEqual(['owner', 'repository', 'title', 'body', 'labels', 'assignees', 'simplify', 'outputFields', 'additionalFields']);
		const additional = shown.find((p) => p.name === 'additionalFields')!;
		expect((additional.options as INodeProperties[]).map((o) => [o.displayName, o.default])).toEqual([['Milestone Number', null]]);
	});

	it('adding Milestone Number without a value sends no milestone', async () => {
		const recorder = new GitHubRecorder([{ status: 201, body: { number: 1 } }]);
		const run = await runGitHub({ resource: 'issue', operation: 'create', ...repo(), title: 'Crash', additionalFields: { milestone: null } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/repos/octo/hello/issues', { title: 'Crash' }]]);
	});

	it('every optional number field of both action nodes starts empty', () => {
		const collections = [...properties, ...new Trello().description.properties].filter((p) => p.name === 'additionalFields');
		const numbers = collections.flatMap((c) => (c.options as INodeProperties[]).filter((o) => o.type === 'number'));
		expect(numbers.length).toBeGreaterThan(0);
		expect(numbers.filter((o) => o.default !== null).map((o) => o.displayName)).toEqual([]);
	});
});
