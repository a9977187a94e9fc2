import type { IDataObject } from 'n8n-workflow';

import { forgetDeliveriesInMemory } from '../../nodes/GitHub/triggers/delivery';
import { SECRET, signedDelivery, webhookTrigger } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const definitions = require('@octokit/webhooks-examples') as Array<{ name: string; examples: IDataObject[] }>;
const example = (event: string, action?: string, pick: (p: IDataObject) => boolean = () => true): IDataObject =>
	structuredClone(definitions.find((d) => d.name === event)!.examples.find((p) => (action === undefined || p.action === action) && pick(p))!);

function armed(parameters: IDataObject) {
	const harness = webhookTrigger({ listenOn: 'organization', ...parameters });
	harness.staticData.secret = SECRET;
	harness.staticData.login = 'octocat';
	return harness;
}

async function fired(parameters: IDataObject, event: string, payload: IDataObject): Promise<string[]> {
	const { result } = await armed(parameters).deliver(signedDelivery(event, payload));
	return (result.workflowData?.[0] ?? []).map((item) => String(item.json.trigger));
}

describe('GitHub Trigger: CI, deployment and security alert triggers and their filters', () => {
	beforeEach(() => forgetDeliveriesInMemory());

	it('Check Run Completed filters by conclusion and by the suite’s branch', async () => {
		const failed = example('check_run', 'completed', (p) => (p.check_run as IDataObject).conclusion === 'failure');
		expect(await fired({ triggers: ['checkRunCompleted'] }, 'check_run', failed)).toEqual(['Check Run Completed']);
		expect(await fired({ triggers: ['checkRunCompleted'], filters: { conclusions: ['success'] } }, 'check_run', failed)).toEqual([]);
		expect(await fired({ triggers: ['checkRunCompleted'], filters: { conclusions: ['failure'], branches: 'main' } }, 'check_run', failed)).toEqual([]);
		expect(await fired({ triggers: ['checkRunCompleted'], filters: { conclusions: ['failure'], branches: 'main, changes' } }, 'check_run', failed)).toEqual([
			'Check Run Completed',
		]);
		expect(await fired({ triggers: ['checkRunCompleted'] }, 'check_run', example('check_run', 'created'))).toEqual([]);
	});

	it('Check Suite Completed filters by conclusion and branch', async () => {
		const suite = example('check_suite', 'completed', (p) => (p.check_suite as IDataObject).head_branch === 'main');
		expect(await fired({ triggers: ['checkSuiteCompleted'], filters: { conclusions: ['success'], branches: 'main' } }, 'check_suite', suite)).toEqual([
			'Check Suite Completed',
		]);
		expect(await fired({ triggers: ['checkSuiteCompleted'], filters: { branches: 'develop' } }, 'check_suite', suite)).toEqual([]);
	});

	it('Commit Status Changed filters by state and by any branch that holds the commit', async () => {
		const status = example('status', undefined, (p) => (p.branches as IDataObject[]).length === 3);
		expect(await fired({ triggers: ['commitStatusChanged'], filters: { states: ['success'], branches: 'GH-PAGES' } }, 'status', status)).toEqual([
			'Commit Status Changed',
		]);
		expect(await fired({ triggers: ['commitStatusChanged'], filters: { branches: 'main' } }, 'status', status)).toEqual([]);
		expect(await fired({ triggers: ['commitStatusChanged'], filters: { states: ['failure', 'error'] } }, 'status', status)).toEqual([]);
	});

	it('Deployment Status Changed filters by state and the deployed ref', async () => {
		const progress = example('deployment_status', 'created', (p) => (p.deployment_status as IDataObject).state === 'in_progress');
		expect(await fired({ triggers: ['deploymentStatusChanged'], filters: { states: ['in_progress'], branches: 'master' } }, 'deployment_status', progress)).toEqual([
			'Deployment Status Changed',
		]);
		expect(await fired({ triggers: ['deploymentStatusChanged'], filters: { states: ['success', 'failure'] } }, 'deployment_status', progress)).toEqual([]);
	});

	it('security alert triggers: severity from the advisory (Dependabot) or the rule (code scanning, security level first)', async () => {
		const dependabot = example('dependabot_alert', 'created');
		expect(await fired({ triggers: ['securityAlertCreated'], filters: { severities: ['medium'] } }, 'dependabot_alert', dependabot)).toEqual(['Security Alert Created']);
		expect(await fired({ triggers: ['securityAlertCreated'], filters: { severities: ['critical', 'high'] } }, 'dependabot_alert', dependabot)).toEqual([]);

		const codeScanning = example('code_scanning_alert', 'created');
		expect(await fired({ triggers: ['securityAlertCreated'], filters: { severities: ['error'] } }, 'code_scanning_alert', codeScanning)).toEqual([
			'Security Alert Created',
		]);
		(codeScanning.alert as { rule: IDataObject }).rule.security_severity_level = 'critical';
		expect(await fired({ triggers: ['securityAlertCreated'], filters: { severities: ['error'] } }, 'code_scanning_alert', codeScanning)).toEqual([]);
		expect(await fired({ triggers: ['securityAlertCreated'], filters: { severities: ['critical'] } }, 'code_scanning_alert', codeScanning)).toEqual([
			'Security Alert Created',
		]);
	});

	it('a secret scanning alert resolved as revoked is fixed; otherwise dismissed; with a severity filter it is left out', async () => {
		const resolved = (resolution: string) => ({ ...example('dependabot_alert', 'created'), action: 'resolved', alert: { number: 3, resolution, secret_type: 'github_personal_access_token' } });
		const triggers = ['securityAlertFixed', 'securityAlertDismissed'];
		expect(await fired({ triggers }, 'secret_scanning_alert', resolved('revoked'))).toEqual(['Security Alert Fixed']);
		expect(await fired({ triggers }, 'secret_scanning_alert', resolved('false_positive'))).toEqual(['Security Alert Dismissed']);
		expect(await fired({ triggers, filters: { severities: ['critical'] } }, 'secret_scanning_alert', resolved('revoked'))).toEqual([]);
	});

	it('a dismissed code scanning alert and a fixed Dependabot alert', async () => {
		const triggers = ['securityAlertCreated', 'securityAlertFixed', 'securityAlertDismissed'];
		expect(await fired({ triggers }, 'code_scanning_alert', example('code_scanning_alert', 'closed_by_user'))).toEqual(['Security Alert Dismissed']);
		expect(await fired({ triggers }, 'dependabot_alert', example('dependabot_alert', 'fixed'))).toEqual(['Security Alert Fixed']);
		expect(await fired({ triggers }, 'dependabot_alert', { ...example('dependabot_alert', 'fixed'), action: 'auto_dismissed' })).toEqual(['Security Alert Dismissed']);
	});
});
