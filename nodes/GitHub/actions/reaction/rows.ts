import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { numberLocator, numericIdField, repositoryFields } from '../fields';
import { commentId } from '../issue/rows';
import { releaseIdField } from '../release/rows';
import { gitHubRowTable } from '../types';

const ALL_REACTIONS: INodePropertyOptions[] = [
	{ name: '👍 (+1)', value: '+1' },
	{ name: '👎 (-1)', value: '-1' },
	{ name: '😄 (Laugh)', value: 'laugh' },
	{ name: '😕 (Confused)', value: 'confused' },
	{ name: '❤️ (Heart)', value: 'heart' },
	{ name: '🎉 (Hooray)', value: 'hooray' },
	{ name: '🚀 (Rocket)', value: 'rocket' },
	{ name: '👀 (Eyes)', value: 'eyes' },
];
/** Releases take no -1 and no confused. */
const RELEASE_REACTIONS = ALL_REACTIONS.filter((option) => option.value !== '-1' && option.value !== 'confused');

/** What a reaction is on. */
interface ReactionSubject {
	key: 'Issue' | 'IssueComment' | 'ReviewComment' | 'Release';
	label: string;
	path: string;
	field: () => RowField;
	reactions: INodePropertyOptions[];
}

const SUBJECTS: ReactionSubject[] = [
	{
		key: 'Issue',
		label: 'issue or pull request',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/reactions',
		field: () => numberLocator('issueOrPullRequest', { name: 'issueNumber', apiName: 'issue_number' }),
		reactions: ALL_REACTIONS,
	},
	{ key: 'IssueComment', label: 'conversation comment', path: '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', field: commentId, reactions: ALL_REACTIONS },
	{ key: 'ReviewComment', label: 'pull request review comment', path: '/repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions', field: () => numericIdField('Review Comment ID', 'commentId', 'comment_id', 'Numeric ID of the review comment (List Review Comments returns it as "id"; in its URL, the number after #discussion_r)'), reactions: ALL_REACTIONS },
	{ key: 'Release', label: 'release', path: '/repos/{owner}/{repo}/releases/{release_id}/reactions', field: releaseIdField, reactions: RELEASE_REACTIONS },
];

const content = (reactions: INodePropertyOptions[], optional: boolean): RowField => ({
	displayName: 'Reaction',
	name: 'content',
	type: 'options',
	in: optional ? 'query' : 'body',
	...(optional ? { optional: true } : { required: true }),
	default: '+1',
	options: reactions,
	description: optional ? 'Only reactions of this kind' : 'The reaction to add',
});

const titleCase = (text: string) => text.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());

function rowsFor(subject: ReactionSubject) {
	const label = titleCase(subject.label);
	return gitHubRowTable([
		{
			resource: 'reaction',
			operation: `list${subject.key}`,
			objectType: 'reaction',
			name: `List on ${label}`,
			action: `List the reactions on a ${subject.label}`,
			description: `List the emoji reactions on a ${subject.label}: kind, who reacted and when.`,
			method: 'GET',
			path: subject.path,
			paging: {},
			fields: [...repositoryFields(), subject.field(), content(subject.reactions, true)],
		},
		{
			resource: 'reaction',
			operation: `add${subject.key}`,
			objectType: 'reaction',
			name: `Add to ${label}`,
			action: `React to a ${subject.label}`,
			description: `Add an emoji reaction of the connected account to a ${subject.label} (the same reaction again is not added twice). Changes the ${subject.label}’s reactions. Returns the reaction with its ID (for Delete).`,
			method: 'POST',
			path: subject.path,
			fields: [...repositoryFields(), subject.field(), content(subject.reactions, false)],
		},
		{
			resource: 'reaction',
			operation: `delete${subject.key}`,
			name: `Delete From ${label}`,
			action: `Delete a reaction on a ${subject.label}`,
			description: `Delete a reaction on a ${subject.label} by its ID. Deletes data: the reaction is gone.`,
			method: 'DELETE',
			path: `${subject.path}/{reaction_id}`,
			fields: [...repositoryFields(), subject.field(), numericIdField('Reaction ID', 'reactionId', 'reaction_id', 'Numeric ID of the reaction (Add and List return it as "id")')],
			shapeAnswer: (_body, values: IDataObject) => ({ deleted: true, reactionId: values.reactionId }),
		},
	]);
}

export const reactionRows = SUBJECTS.flatMap(rowsFor);
