import type { RowField } from '../../../shared/rowEngine';
import { ALERT_SEVERITY_LABELS, sortedOptions } from '../../optionLists';
import { repositoryFields, sortDirection } from '../fields';
import { gitHubRowTable } from '../types';

const ghsaId = (description: string): RowField => ({
	displayName: 'GHSA ID', name: 'ghsaId', apiName: 'ghsa_id', type: 'string', default: '', in: 'path', required: true, placeholder: 'e.g. GHSA-xxxx-xxxx-xxxx', description,
});

const ECOSYSTEMS: Record<string, string> = {
	actions: 'GitHub Actions', composer: 'Composer', erlang: 'Erlang', go: 'Go', maven: 'Maven', npm: 'npm', nuget: 'NuGet', other: 'Other', pip: 'pip', pub: 'Pub', rubygems: 'RubyGems', rust: 'Rust', swift: 'Swift',
};

const dateRange = (name: string, displayName: string, what: string): RowField => ({
	displayName, name, type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. >=2026-01-01 or 2026-01-01..2026-03-31', description: `Only advisories ${what} on this date or in this range (GitHub's search date syntax)`,
});

export const advisoryRows = gitHubRowTable([
	{
		resource: 'securityAdvisory',
		operation: 'listGlobal',
		objectType: 'advisory',
		name: 'List Global Advisories',
		action: 'List advisories of the GitHub Advisory Database',
		description: 'Search the GitHub Advisory Database, the public list of known vulnerabilities in open-source packages: by package (affects), ecosystem, severity, CVE, CWE or date; reviewed advisories by default. Public data of no repository of the account, so a repository list does not limit it.',
		method: 'GET',
		path: '/advisories',
		paging: {},
		fields: [
			{
				displayName: 'Affects', name: 'affects', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. lodash, express@4.17.1',
				description: 'Only advisories affecting any of these packages (name or name@version), separated by commas',
			},
			{ displayName: 'CVE ID', name: 'cve_id', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. CVE-2021-23337', description: 'Only the advisory with this CVE ID' },
			{ displayName: 'CWEs', name: 'cwes', type: 'string', default: '', in: 'query', optional: true, placeholder: 'e.g. 79,284', description: 'Only advisories with these Common Weakness Enumerations, separated by commas' },
			{ displayName: 'Ecosystem', name: 'ecosystem', type: 'options', in: 'query', optional: true, default: 'npm', description: 'Only advisories of packages of this ecosystem', options: sortedOptions(ECOSYSTEMS) },
			{ displayName: 'Severity', name: 'severity', type: 'options', in: 'query', optional: true, default: 'critical', description: 'Only advisories of this severity', options: sortedOptions({ ...ALERT_SEVERITY_LABELS, unknown: 'Unknown' }) },
			{
				displayName: 'Type', name: 'type', type: 'options', in: 'query', optional: true, default: 'reviewed', description: 'Reviewed by GitHub (the default), unreviewed, or malware (left out unless asked for)',
				options: sortedOptions({ malware: 'Malware', reviewed: 'Reviewed', unreviewed: 'Unreviewed' }),
			},
			dateRange('published', 'Published', 'published'),
			dateRange('updated', 'Updated', 'updated'),
			{ displayName: 'Withdrawn Only', name: 'is_withdrawn', type: 'boolean', default: true, in: 'query', optional: true, description: 'Whether to return only advisories that were withdrawn' },
			{
				displayName: 'Sort By', name: 'sort', type: 'options', in: 'query', optional: true, default: 'published', description: 'What to sort the results by',
				options: sortedOptions({ epss_percentage: 'EPSS Percentage', epss_percentile: 'EPSS Percentile', published: 'Published', updated: 'Updated' }),
			},
			sortDirection(),
		],
	},
	{
		resource: 'securityAdvisory',
		operation: 'getGlobal',
		objectType: 'advisory',
		name: 'Get Global Advisory',
		action: 'Get an advisory of the GitHub Advisory Database',
		description: 'Get one advisory of the GitHub Advisory Database by its GHSA ID: summary, description, severity, CVE, affected packages and versions, fixed versions, references. Public data of no repository, so a repository list does not limit it.',
		method: 'GET',
		path: '/advisories/{ghsa_id}',
		fields: [ghsaId('GitHub Security Advisory ID of the advisory')],
	},
	{
		resource: 'securityAdvisory',
		operation: 'listRepository',
		objectType: 'repositoryAdvisory',
		name: 'List Repository Advisories',
		action: 'List the security advisories of a repository',
		description: 'List the security advisories of a repository (published ones; drafts, triage reports and closed ones too for its security managers and admins), filtered by state.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/security-advisories',
		paging: {},
		fields: [
			...repositoryFields(),
			{
				displayName: 'State', name: 'state', type: 'options', in: 'query', optional: true, default: 'published', description: 'Only advisories in this state',
				options: sortedOptions({ closed: 'Closed', draft: 'Draft', published: 'Published', triage: 'Triage' }),
			},
			{
				displayName: 'Sort By', name: 'sort', type: 'options', in: 'query', optional: true, default: 'created', description: 'What to sort the results by',
				options: sortedOptions({ created: 'Created', published: 'Published', updated: 'Updated' }),
			},
			sortDirection(),
		],
	},
	{
		resource: 'securityAdvisory',
		operation: 'getRepository',
		objectType: 'repositoryAdvisory',
		name: 'Get Repository Advisory',
		action: 'Get a security advisory of a repository',
		description: 'Get one security advisory of a repository by its GHSA ID: summary, description, severity, state, affected packages, credits and who collaborates on it.',
		method: 'GET',
		path: '/repos/{owner}/{repo}/security-advisories/{ghsa_id}',
		fields: [...repositoryFields(), ghsaId('GitHub Security Advisory ID of the repository’s advisory')],
	},
]);
