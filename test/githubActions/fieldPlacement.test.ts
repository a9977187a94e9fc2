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

describe('GitHub issue and pull request numbers', () => {
	const properties = new GitHub().description.properties;

	it.each(['#12', ' #12 ', '12'])('takes issue number %j as issue 12', async (given) => {
		const recorder = new GitHubRecorder([{ body: { number: 12 } }]);
		const run = await runGitHub({ resource: 'issue', operation: 'get', ...repo(), issueNumber: { __rl: true, mode: 'id', value: given } });
		expect(run.error('GitHub')).toBeUndefined();
		expect(recorder.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/repos/octo/hello/issues/12']]);
	});

	it('still refuses "#twelve", naming the parameter', async () => {
		const recorder = new GitHubRecorder([]);
		const run = await runGitHub({ resource: 'issue', operation: 'get', ...repo(), issueNumber: { __rl: true, mode: 'id', value: '={{ "#twelve" }}' } });
		expect(run.error('GitHub')?.message).toBe('The "Issue Number" parameter must be a number (got "twelve")');
		expect(recorder.requests).toEqual([]);
	});

	it('the number mode accepts "#12" in the editor and says it wants the number, not GitHub\'s ID', () => {
		const issueNumber = shownFor(properties, 'issue', 'get').find((p) => p.name === 'issueNumber')!;
		const mode = issueNumber.modes!.find((m) => m.name === 'id')!;
		const regex = new RegExp((mode.validation![0] as unknown as { properties: { regex: string } }).properties.regex);
		expect(['12', '#12'].map((text) => regex.test(text))).toEqual([true, true]);
		expect(regex.test('abc')).toBe(false);
		expect(mode.hint).toBe("The issue's number as GitHub shows it (#42), not GitHub's internal ID");
	});
});

describe('both action nodes: Resource and Operation first, the scope setting in the same place', () => {
	it.each([
		['GitHub Toolkit', new GitHub().description.properties, 'allowedRepositories', ['trustedContentOnly']],
		['Trello Toolkit', new Trello().description.properties, 'allowedBoards', ['trustedMembersOnly', 'trustedMembers']],
	])('%s: authentication, then Resource and Operation; its node list under Options', (_node, properties, listName, own) => {
		const shown = properties.filter((p) => p.type !== 'notice');
		expect(shown.slice(0, 2).map((p) => p.name)).toEqual(['authentication', 'resource']);
		expect(shown[2].name).toBe('operation');
		expect(shown.some((p) => p.name === listName)).toBe(false);
		const options = properties[properties.length - 1];
		expect([options.name, options.type]).toEqual(['options', 'collection']);
		expect((options.options as INodeProperties[]).map((o) => o.name)).toEqual([listName, 'maxRateLimitWait', 'maxDownloadSizeMb', 'removeHiddenText', 'secretsInWrites', ...own]);
	});
});
