import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RowField } from '../../../shared/rowEngine';
import { listOf } from '../../../shared/rowEngine';
import { byId, locatorModes, mustMatch } from '../../../shared/locator';
import { numberLocator, repositoryFields } from '../fields';
import { organizationField } from '../organization/rows';
import type { PlanFeature } from '../planFeatures';
import { featureFailureHint, offeredWhere } from '../planFeatures';
import { gitHubRowTable } from '../types';
import type { GitHubRowRun } from '../types';

const SETUP =
	'Issue fields (public preview) exist only where an owner of the repository’s organization has set them up (organization Settings → Planning → Issue fields), on github.com and GitHub Enterprise Cloud; repositories of personal accounts have none.';

/** Organization-level custom fields on issues. */
const ISSUE_FIELDS: PlanFeature = {
	unavailable: `${SETUP} A 404 can also mean the organization, issue or field is not visible to the token; a 403, that it lacks the read:org scope (an organization’s fields) or push access to the repository (setting and removing values).`,
	onEnterpriseServer: 'GitHub Enterprise Server has no API for an organization’s issue fields or for setting their values (3.17 to 3.19 only list an issue’s values).',
	statuses: {
		422: 'The value must fit the field: text, a number, a date as YYYY-MM-DD, or the exact name of one of the field’s options (several, comma-separated, for a multi-select field); Organization → List Issue Fields names each field’s type and options.',
	},
};

/** Enterprise Server 3.17 to 3.19 list an issue's values: there a 404 means what it means on github.com. */
const ISSUE_FIELD_VALUES: PlanFeature = { unavailable: ISSUE_FIELDS.unavailable };

/** Removing a value GitHub does not have answers 404 too. */
const ISSUE_FIELD_REMOVAL: PlanFeature = {
	...ISSUE_FIELDS,
	statuses: { ...ISSUE_FIELDS.statuses, 404: `GitHub answers 404 when the issue has no value for this field. ${ISSUE_FIELDS.unavailable}` },
};

const issueNumber = () => numberLocator('issue', { name: 'issueNumber', apiName: 'issue_number' });

const issueFieldLocator = (where: Pick<RowField, 'in' | 'apiName'>): RowField => ({
	displayName: 'Issue Field',
	name: 'issueField',
	...where,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	integer: true,
	description: 'The organization’s issue field, by its numeric ID (Organization → List Issue Fields lists the fields with their IDs)',
	ui: locatorModes('searchIssueFields', byId('e.g. 12', { validation: mustMatch('^\\s*[0-9]+\\s*$', 'Give the field’s numeric ID') })),
});

/** Value Type → how the typed value becomes the one GitHub takes for that kind of field. */
const VALUE_TYPES = [
	{ name: 'Date', value: 'date', description: 'A date as YYYY-MM-DD' },
	{ name: 'Multi Select', value: 'multi_select', description: 'Names of the field’s options, comma-separated' },
	{ name: 'Number', value: 'number', description: 'A number, decimals allowed' },
	{ name: 'Single Select', value: 'single_select', description: 'The exact name of one of the field’s options' },
	{ name: 'Text', value: 'text', description: 'Any text' },
];

/** The value as GitHub's body takes it for the field's type: a string, a number, or a list of option names. */
function apiValue(input: GitHubRowRun): string | number | string[] {
	const { ctx, values, itemIndex } = input;
	const text = String(values.value ?? '').trim();
	const type = String(values.valueType ?? 'text');
	const fail = (message: string, description: string) => new NodeOperationError(ctx.getNode(), `The "Value" parameter ${message}`, { itemIndex, description });
	if (!text) throw fail('is empty', 'Give the value to set; Remove Field Value takes a value off the issue.');
	if (type === 'number') {
		const number = Number(text);
		if (!Number.isFinite(number)) throw fail(`must be a number for a Number field (got "${text}")`, 'Give digits, e.g. 3 or 2.5, or choose another "Value Type".');
		return number;
	}
	if (type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) {
		throw fail(`must be a date as YYYY-MM-DD for a Date field (got "${text}")`, 'Give the date as GitHub takes it, e.g. 2026-12-24.');
	}
	return type === 'multi_select' ? listOf(text) : text;
}

/** Adds (or replaces) one field's value and keeps the issue's other values; GitHub answers with all of them. */
async function setIssueFieldValue(input: GitHubRowRun) {
	const { client, values, request } = input;
	// A refusal of the scope comes before what is wrong with the value.
	await client.assertAllowed(request);
	const body: IDataObject = { issue_field_values: [{ field_id: Number(values.issueField), value: apiValue(input) }] };
	const response = await client.send({ ...request, body, failureHint: await featureFailureHint(client, ISSUE_FIELDS) });
	return await input.respond(response.body);
}

const SEE_FIELDS = 'Organization → List Issue Fields names the fields with their IDs, types and options.';

export const issueFieldRows = gitHubRowTable([
	{
		resource: 'issue',
		operation: 'listFieldValues',
		objectType: 'issueFieldValue',
		name: 'List Field Values',
		action: 'List the issue field values of an issue',
		description: `List the values an issue has for its organization’s issue fields (custom fields such as Priority or Effort): field ID and name, type, value (an option’s name for select fields). ${SEE_FIELDS} Where GitHub offers no issue fields, the error says what they need.`,
		method: 'GET',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/issue-field-values',
		paging: {},
		handler: offeredWhere(ISSUE_FIELD_VALUES),
		fields: [...repositoryFields(), issueNumber()],
	},
	{
		resource: 'issue',
		operation: 'setFieldValue',
		objectType: 'issueFieldValue',
		name: 'Set Field Value',
		action: 'Set an issue field value on an issue',
		description: `Set the value of one of the organization’s issue fields on an issue (replacing that field’s value, keeping the others): text, a number, a date, or option names. Changes the issue; needs push access. Returns every field value the issue has afterwards. ${SEE_FIELDS} Where GitHub offers no issue fields, the error says what they need.`,
		method: 'POST',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/issue-field-values',
		handler: setIssueFieldValue,
		fields: [
			...repositoryFields(),
			issueNumber(),
			issueFieldLocator({ in: 'none' }),
			{
				displayName: 'Value Type', name: 'valueType', type: 'options', in: 'none', default: 'text', options: VALUE_TYPES,
				description: 'The type of the field (List Issue Fields gives it as dataType): how Value is sent',
			},
			{ displayName: 'Value', name: 'value', type: 'string', default: '', in: 'none', required: true, placeholder: 'e.g. High', description: 'The value to set, as the Value Type says' },
		],
	},
	{
		resource: 'issue',
		operation: 'removeFieldValue',
		name: 'Remove Field Value',
		action: 'Remove an issue field value from an issue',
		description: `Take the value of one of the organization’s issue fields off an issue (the field itself stays). Changes the issue; needs push access. ${SEE_FIELDS}`,
		method: 'DELETE',
		path: '/repos/{owner}/{repo}/issues/{issue_number}/issue-field-values/{issue_field_id}',
		handler: offeredWhere(ISSUE_FIELD_REMOVAL),
		fields: [...repositoryFields(), issueNumber(), issueFieldLocator({ in: 'path', apiName: 'issue_field_id' })],
		shapeAnswer: (_body, values: IDataObject) => ({ removed: true, issueNumber: Number(values.issueNumber), fieldId: Number(values.issueField) }),
	},
	{
		resource: 'organization',
		operation: 'listIssueFields',
		objectType: 'issueField',
		name: 'List Issue Fields',
		action: 'List the issue fields of an organization',
		description: `List an organization’s issue fields (custom fields on every issue of its repositories, e.g. Priority, Effort, Start date): ID, name, type, visibility and, for select fields, the option names. IDs and types go into Issue → Set Field Value. Reaches every repository of the organization, so under a repository list it needs OWNER/*. ${SETUP}`,
		method: 'GET',
		path: '/orgs/{org}/issue-fields',
		handler: offeredWhere(ISSUE_FIELDS),
		fields: [organizationField],
	},
]);
