import nock from 'nock';

import { baseNodeTypes } from './harness';
import { packageNodeTypes } from '../test/harness/nodeTypes';

/**
 * The benchmark run: each section measures one goal side by side with n8n's own nodes and adds
 * its table to the report; scripts/bench.sh numbers the sections in this order and writes
 * BENCHMARKS.md only after a complete run.
 */
import './sections/1-trelloRateLimit';
import './sections/2-githubLimits';
import './sections/3-requestEconomy';
import './sections/4-triggerCost';
import './sections/4b-triggerCostRealN8n';
import './sections/5-footprint';
import './sections/5b-startup';
import './sections/6-agentContextCost';
import './sections/6b-agentDefences';
import './sections/6c-compactTables';
import './sections/7-pollingCost';
import './sections/8-files';
import './sections/9-graphqlCheck';
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

// Kept as a part even when a section fails, so the other figures are printed (not published).
afterAll(writeReport);
