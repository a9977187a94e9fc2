// n8n-workflow runs the regular expressions of resource locators (validation, extractValue) in a vm with a
// 250 ms wall-clock limit. On a loaded 2-core machine a test process can lose the CPU for longer than that
// while matching a 24-character id, and the run fails with "Regular expression execution timed out": the
// limit times the machine, not the expression. The tests keep n8n's engine — a vm with a limit — and give
// it a limit no expression of these nodes comes near.
import * as vm from 'node:vm';
import { setSafeRegexEngine, type RegexEngine } from 'n8n-workflow';

const LIMIT_MS = 10_000;

const context = vm.createContext({ pattern: '', flags: '', input: '', replacement: '', result: undefined as unknown });
const script = (body: string) => new vm.Script(`result = ${body}`);
const scripts = {
	exec: script('new RegExp(pattern, flags).exec(input)'),
	test: script('new RegExp(pattern, flags).test(input)'),
	replace: script('input.replace(new RegExp(pattern, flags), replacement)'),
	matchAll: script('Array.from(input.matchAll(new RegExp(pattern, flags)))'),
	split: script('input.split(new RegExp(pattern, flags))'),
};

function run<T>(which: keyof typeof scripts, pattern: string, input: string, flags = '', replacement = ''): T {
	Object.assign(context, { pattern, input, flags, replacement, result: undefined });
	scripts[which].runInContext(context, { timeout: LIMIT_MS });
	return context.result as T;
}

const engine: RegexEngine = {
	exec: (pattern, input, flags) => run('exec', pattern, input, flags),
	test: (pattern, input, flags) => run('test', pattern, input, flags),
	replace: (pattern, input, flags, replacement) => run('replace', pattern, input, flags, replacement),
	matchAll: (pattern, input, flags = '') =>
		run('matchAll', pattern, input, flags.includes('g') ? flags : `${flags}g`),
	split: (pattern, input, flags) => run('split', pattern, input, flags),
};

setSafeRegexEngine(engine);
