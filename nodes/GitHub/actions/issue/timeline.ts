import { numberLocator, repositoryFields } from '../fields';
import { gitHubRowTable } from '../types';

/** What happened on an issue or pull request: its timeline (comments included) and its events. */
export const issueTimelineRows = gitHubRowTable([
	{
		resource: 'issue',
		operation: 'listTimeline',
		objectType: 'event',
		name: 'List Timeline',
		action: 'List the timeline of an issue',
		description: 'List everything that happened on an issue or pull request in order: comments, labels, assignments, references, commits, reviews, closing and reopening.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/timeline',
		paging: {},
		fields: [...repositoryFields(), numberLocator('issueOrPullRequest', { name: 'issueNumber', apiName: 'issue_number' })],
	},
	{
		resource: 'issue',
		operation: 'listEvents',
		objectType: 'event',
		name: 'List Events',
		action: 'List the events of an issue',
		description: 'List the events of an issue or pull request (labeled, assigned, closed, referenced, renamed…) with who did it and when; comments are not events (see List Timeline).',
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/events',
		paging: {},
		fields: [...repositoryFields(), numberLocator('issueOrPullRequest', { name: 'issueNumber', apiName: 'issue_number' })],
	},
]);
