// Preloaded into a benchmarked n8n: appends the file name of every JavaScript module of the package
// that the process compiles to the file BENCH_MODULE_LOG names (appendFileSync: nothing is lost when
// the process is stopped).
const { appendFileSync } = require('fs');
const Module = require('module');
const log = process.env.BENCH_MODULE_LOG;
const { sep } = require('path');
const marker = `${sep}node_modules${sep}n8n-nodes-github-trello${sep}`;
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
	if (log && typeof filename === 'string' && filename.includes(marker)) appendFileSync(log, `${filename}\n`);
	return compile.apply(this, arguments);
};
