import nock from 'nock';

import { baseNodeTypes } from './harness';
import { packageNodeTypes } from '../test/harness/nodeTypes';

/**
 * The benchmark run: each numbered section measures one goal side by side with n8n's own nodes
 * and adds its table to the report, written to BENCHMARKS.md once every section has run.
 */
import './sections/1-trelloRateLimit';
import './sections/2-githubLimits';
import './sections/3-requestEconomy';
import './sections/4-triggerCost';
import './sections/4b-triggerCostRealN8n';
import './sections/5-footprint';
import './sections/6-agentContextCost';
import './sections/7-pollingCost';
import { writeReport } from './reportWriter';

beforeAll(() => {
	// Load (and compile) every node before any clock starts.
	packageNodeTypes();
	baseNodeTypes();
	nock.disableNetConnect();
	nock.enableNetConnect(/^127\.0\.0\.1/);
});

afterAll(() => {
	nock.cleanAll();
	nock.restore();
});

// Written even when a section fails, so the other figures are not lost.
afterAll(writeReport);
