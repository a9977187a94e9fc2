// n8n-workflow runs regular expressions (a resource locator's validation and extractValue among them) in a
// vm with a 250 ms wall-clock limit. On a loaded 2-core machine a process can be off the CPU, or in a
// garbage collection, for longer than that while it matches a short id, and the run fails with "Regular
// expression execution timed out": the limit then times the machine, not the expression. The tests keep
// n8n's kind of engine (the same scripts in a vm with a limit) with a limit no expression of these nodes
// comes near. Plain CommonJS: the end-to-end tests preload it into n8n's own processes too.
'use strict';
const vm = require('node:vm');

const LIMIT_MS = 10_000;

/** An engine for n8n-workflow's setSafeRegexEngine. */
function longRegexEngine() {
	const context = vm.createContext({ pattern: '', flags: '', input: '', replacement: '', result: undefined });
	const script = (body) => new vm.Script(`result = ${body}`);
	const scripts = {
		exec: script('new RegExp(pattern, flags).exec(input)'),
		test: script('new RegExp(pattern, flags).test(input)'),
		replace: script('input.replace(new RegExp(pattern, flags), replacement)'),
		matchAll: script('Array.from(input.matchAll(new RegExp(pattern, flags)))'),
		split: script('input.split(new RegExp(pattern, flags))'),
	};
	const run = (which, pattern, input, flags = '', replacement = '') => {
		Object.assign(context, { pattern, input, flags, replacement, result: undefined });
		scripts[which].runInContext(context, { timeout: LIMIT_MS });
		return context.result;
	};
	return {
		exec: (pattern, input, flags) => run('exec', pattern, input, flags),
		test: (pattern, input, flags) => run('test', pattern, input, flags),
		replace: (pattern, input, flags, replacement) => run('replace', pattern, input, flags, replacement),
		matchAll: (pattern, input, flags = '') => run('matchAll', pattern, input, flags.includes('g') ? flags : `${flags}g`),
		split: (pattern, input, flags) => run('split', pattern, input, flags),
	};
}

module.exports = { LIMIT_MS, longRegexEngine };
