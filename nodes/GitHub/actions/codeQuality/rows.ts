import { repositoryFields, sortDirection } from '../fields';
import type { PlanFeature } from '../planFeatures';
import { offeredWhere } from '../planFeatures';
import { gitHubRowTable } from '../types';

/** GitHub Code Quality: CodeQL's maintainability and reliability findings, a public preview of github.com. */
const CODE_QUALITY: PlanFeature = {
	unavailable:
		'GitHub Code Quality (public preview) is offered for repositories of organizations on GitHub Team or GitHub Enterprise Cloud, not for repositories of personal accounts, and is switched on per repository in its Settings → Code quality (it runs on GitHub Actions). A 403 can also mean the token lacks the "Code quality" repository permission (read) or the repo scope; a 404, that the repository or finding is not visible to it.',
	onEnterpriseServer: 'GitHub Enterprise Server has no Code Quality API: code quality findings are read on github.com and GitHub Enterprise Cloud only.',
};

const AVAILABILITY = 'github.com and Enterprise Cloud only, for organization repositories with Code Quality switched on (public preview); otherwise the error names what is missing.';

export const codeQualityRows = gitHubRowTable([
	{
		resource: 'codeQuality',
		operation: 'listFindings',
		objectType: 'codeQualityFinding',
		name: 'List Findings',
		action: 'List the code quality findings of a repository',
		description: `List the findings GitHub Code Quality (CodeQL) reports on a repository’s default branch, newest first, optionally open or dismissed only: number, state, rule, severity, category (maintainability, reliability), file and lines, message. ${AVAILABILITY}`,
		method: 'GET',
		path: '/repos/{owner}/{repo}/code-quality/findings',
		paging: {},
		handler: offeredWhere(CODE_QUALITY),
		fields: [
			...repositoryFields(),
			{
				displayName: 'State', name: 'state', type: 'options', in: 'query', optional: true, default: 'open', description: 'Only findings in this state',
				options: [
					{ name: 'Dismissed', value: 'dismissed' },
					{ name: 'Open', value: 'open' },
				],
			},
			sortDirection(),
		],
	},
	{
		resource: 'codeQuality',
		operation: 'getFinding',
		objectType: 'codeQualityFinding',
		name: 'Get Finding',
		action: 'Get a code quality finding',
		description: `Get one GitHub Code Quality finding of a repository by its number: rule, severity, category, file and lines, message (with Simplify off also the rule’s full help text). ${AVAILABILITY}`,
		method: 'GET',
		path: '/repos/{owner}/{repo}/code-quality/findings/{finding_number}',
		handler: offeredWhere(CODE_QUALITY),
		fields: [
			...repositoryFields(),
			{
				displayName: 'Finding Number', name: 'findingNumber', apiName: 'finding_number', type: 'string', default: '', in: 'path', required: true, integer: true,
				placeholder: 'e.g. 42', description: 'Number of the finding in the repository (List Findings returns it as "number")',
			},
		],
	},
]);
