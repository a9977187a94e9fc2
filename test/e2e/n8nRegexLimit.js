// Preloaded (NODE_OPTIONS) into the n8n processes the end-to-end tests start: their n8n-workflow runs regular
// expressions with the limit of ../setup/longRegexEngine.js, which says why. n8n-workflow is looked up from
// the script Node runs (n8n's bin), so a process that has none is left as it is.
'use strict';
const { dirname } = require('node:path');
const { LIMIT_MS, longRegexEngine } = require('../setup/longRegexEngine');

function n8nWorkflowOfThisProcess() {
	const script = process.argv[1];
	if (!script) return undefined;
	try {
		return require(require.resolve('n8n-workflow', { paths: [dirname(script)] }));
	} catch {
		return undefined;
	}
}

const n8nWorkflow = n8nWorkflowOfThisProcess();
if (n8nWorkflow && typeof n8nWorkflow.setSafeRegexEngine === 'function') {
	n8nWorkflow.setSafeRegexEngine(longRegexEngine());
	process.stderr.write(`[e2e] n8n-workflow's regular expressions run with a limit of ${LIMIT_MS} ms\n`);
}
