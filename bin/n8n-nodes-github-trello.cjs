#!/usr/bin/env node
// The package's command line (not node code: n8n never loads this file). `migrate` converts
// workflows built with n8n's own GitHub and Trello nodes; see docs/migrating.md.
'use strict';
const { readFileSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { basename, dirname, extname, join } = require('node:path');

const { migrateWorkflow, formatReport } = require('../dist/migrate/index.js');

// N8N_MIGRATE_MAX_BYTES lowers the bound (the tests use it to show a too-large file is refused).
const MAX_FILE_BYTES = Number(process.env.N8N_MIGRATE_MAX_BYTES) || 50 * 1024 * 1024;
const USAGE = `usage:
  n8n-nodes-github-trello migrate [--simplify] FILE|FOLDER…
  n8n-nodes-github-trello migrate [--simplify] [--dry-run] --n8n-url URL --api-key KEY`;

function parseArguments(argv) {
	const options = { paths: [], simplify: false, dryRun: false };
	for (let i = 0; i < argv.length; i++) {
		const argument = argv[i];
		if (argument === '--simplify') options.simplify = true;
		else if (argument === '--dry-run') options.dryRun = true;
		else if (argument === '--n8n-url' || argument === '--api-key') {
			const value = argv[++i];
			if (!value || value.startsWith('--')) throw new Error(`${argument} needs a value`);
			options[argument === '--n8n-url' ? 'n8nUrl' : 'apiKey'] = value;
		} else if (argument.startsWith('--')) throw new Error(`unknown option ${argument}`);
		else options.paths.push(argument);
	}
	if (options.n8nUrl && !options.apiKey) options.apiKey = process.env.N8N_API_KEY;
	if (options.n8nUrl && !options.apiKey) throw new Error('--n8n-url needs --api-key (or N8N_API_KEY)');
	if (!options.n8nUrl && !options.paths.length) throw new Error('name a workflow file or folder, or --n8n-url');
	return options;
}

/** The workflow files a path names: the file, or a folder's .json files (converted copies left out). */
function workflowFiles(path) {
	const stat = statSync(path);
	if (!stat.isDirectory()) return [path];
	return readdirSync(path)
		.filter((name) => extname(name) === '.json' && !name.endsWith('.toolkit.json'))
		.sort()
		.map((name) => join(path, name));
}

function convertFile(file, options) {
	const lines = [];
	const size = statSync(file).size;
	if (size > MAX_FILE_BYTES) return { ok: false, text: `${file}\n  ! larger than ${MAX_FILE_BYTES} bytes: not read` };
	let parsed;
	try {
		parsed = JSON.parse(readFileSync(file, 'utf8'));
	} catch (error) {
		return { ok: false, text: `${file}\n  ! not JSON (${error.message}): nothing written` };
	}
	const workflows = Array.isArray(parsed) ? parsed : [parsed];
	const converted = [];
	let ok = true;
	workflows.forEach((workflow, i) => {
		const title = `${file}${Array.isArray(parsed) ? ` [${i}]` : ''}${workflow && typeof workflow.name === 'string' ? ` — ${workflow.name}` : ''}`;
		const result = migrateWorkflow(workflow, { simplify: options.simplify });
		lines.push(formatReport(result.report, title));
		if (!result.workflow) ok = false;
		converted.push(result.workflow);
	});
	if (!ok) {
		lines.push('  nothing written: fix the problems above');
		return { ok, text: lines.join('\n') };
	}
	const target = join(dirname(file), `${basename(file, extname(file))}.toolkit.json`);
	try {
		// 'wx': never write over a file, not even an earlier conversion.
		writeFileSync(target, `${JSON.stringify(Array.isArray(parsed) ? converted : converted[0], null, 2)}\n`, { flag: 'wx' });
		lines.push(`  written: ${target}`);
	} catch (error) {
		ok = false;
		lines.push(error.code === 'EEXIST' ? `  not written: ${target} exists (remove it to convert again)` : `  not written: ${error.message}`);
	}
	return { ok, text: lines.join('\n') };
}

const SOURCE_TYPES = /^n8n-nodes-base\.(github|githubTool|githubTrigger|trello|trelloTool|trelloTrigger)$/;

async function api(options, method, path, body) {
	const response = await fetch(new URL(`/api/v1${path}`, options.n8nUrl), {
		method,
		headers: { 'X-N8N-API-KEY': options.apiKey, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
		body: body ? JSON.stringify(body) : undefined,
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`n8n answered ${method} /api/v1${path} with ${response.status}: ${text.slice(0, 300)}`);
	return text ? JSON.parse(text) : {};
}

async function convertInstance(options) {
	const workflows = [];
	let cursor;
	for (let page = 0; page < 1000; page++) {
		const answer = await api(options, 'GET', `/workflows?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
		workflows.push(...(answer.data ?? []));
		cursor = answer.nextCursor;
		if (!cursor) break;
	}
	const names = new Set(workflows.map((workflow) => workflow.name));
	const lines = [];
	let ok = true;
	for (const workflow of workflows) {
		if (!(workflow.nodes ?? []).some((node) => SOURCE_TYPES.test(node.type))) continue;
		const result = migrateWorkflow(workflow, { simplify: options.simplify });
		lines.push(formatReport(result.report, `${workflow.name} (id ${workflow.id})`));
		if (!result.workflow) {
			ok = false;
			continue;
		}
		const name = `${workflow.name} (Toolkit)`;
		if (names.has(name)) {
			lines.push(`  not created: a workflow named "${name}" exists`);
			continue;
		}
		if (options.dryRun) {
			lines.push(`  would create "${name}" (inactive)`);
			continue;
		}
		// The public API creates workflows inactive; only these fields are accepted.
		const created = await api(options, 'POST', '/workflows', {
			name,
			nodes: result.workflow.nodes,
			connections: result.workflow.connections ?? {},
			settings: result.workflow.settings ?? {},
		});
		names.add(name);
		lines.push(`  created "${name}" (id ${created.id}, inactive)`);
	}
	if (!lines.length) lines.push('no workflow uses n8n’s GitHub or Trello nodes');
	return { ok, text: lines.join('\n') };
}

async function main(argv) {
	const [command, ...rest] = argv;
	if (command !== 'migrate') {
		console.error(USAGE);
		return 2;
	}
	let options;
	try {
		options = parseArguments(rest);
	} catch (error) {
		console.error(`${error.message}\n${USAGE}`);
		return 2;
	}
	let ok = true;
	if (options.n8nUrl) {
		try {
			const result = await convertInstance(options);
			console.log(result.text);
			ok = result.ok;
		} catch (error) {
			console.error(String(error.message).split(options.apiKey).join('***'));
			return 1;
		}
	}
	for (const path of options.paths) {
		let files;
		try {
			files = workflowFiles(path);
		} catch (error) {
			console.log(`${path}\n  ! cannot be read (${error.code ?? error.message})`);
			ok = false;
			continue;
		}
		for (const file of files) {
			const result = convertFile(file, options);
			console.log(result.text);
			ok &&= result.ok;
		}
	}
	return ok ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => (process.exitCode = code));
