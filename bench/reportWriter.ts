import { readFileSync, writeFileSync } from 'fs';
import { cpus, totalmem } from 'os';
import { join } from 'path';
import type { IDataObject } from 'n8n-workflow';

import { ROOT } from './common';
import { N8N_HOST_DIR } from './harness';
import { PARTS_DIR, QUEUE_MODE_TITLE } from './parts';

export { PARTS_DIR } from './parts';

/** What the sections measured, collected while they run and written out once at the end. */
const sections: Array<{ title: string; body: string }> = [];
export const notes: string[] = [];
export const goals: Array<[string, string, string]> = [];
/** Every section's title in run order, run or not: a run of one section knows where it goes in BENCHMARKS.md. */
const order: string[] = [];

/** Declares a section in run order (call it as its describe block is collected); the function returned adds its body to the report. */
export function section(title: string): (body: string) => void {
	order.push(title);
	return (body) => sections.push({ title, body });
}

/** The in-process part: the run's machine, versions, goals, sections (unnumbered, in run order), notes, and every section's title in run order (queue mode last). */
export function writeReport(): void {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as IDataObject;
	const version = (dir: string, name: string) => {
		try {
			return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
		} catch {
			return 'not installed';
		}
	};
	const header = [
		'# Benchmarks',
		'',
		`Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Every figure below comes from that one run; compare the ratios and the two columns, not the absolute times, which depend on the machine.`,
		'',
		`- Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, ${process.platform} ${process.arch}`,
		`- Node ${process.version}; ${pkg.name} ${String(pkg.version)}; in-process runs through n8n-core ${version(ROOT, 'n8n-core')} / n8n-workflow ${version(ROOT, 'n8n-workflow')}`,
		`- n8n's own nodes: n8n-nodes-base ${N8N_HOST_DIR ? version(N8N_HOST_DIR, 'n8n-nodes-base') : 'not available'} from n8n ${N8N_HOST_DIR ? version(N8N_HOST_DIR, 'n8n') : 'not available'} (the install prepared by \`scripts/n8n-host.sh\`), loaded into the same process and run through the same n8n-core workflow executor`,
		'- Reproduce: `npm run bench` (runs `bash scripts/bench.sh`: builds `dist/`, packs the package for the real-n8n rows, then `npx jest --config bench/jest.config.js --runInBand`)',
		'- Fakes: loopback HTTP servers from `test/fakes/` (Trello with its 100 requests / 10 s per-token sliding window and 429 `API_TOKEN_LIMIT_EXCEEDED`; GitHub with `x-ratelimit-*` primary limit and secondary-limit 403 with `retry-after`). n8n’s Trello node has `https://api.trello.com` fixed, so its requests are forwarded to the same fake by nock (the fake answers; nock relays status, body and headers).',
	];
	notes.push(
		'Trigger cost: in-process, n8n’s triggers check the signature and pass the body on, and that HMAC over the raw body (the same work in both packages) is most of their cost. Ours also drops redeliveries (the id of each delivery that starts a run goes into the node’s static data), matches the chosen triggers and filters and shapes the items; with everything derived from the node’s parameters cached, that is still more work per delivery than n8n’s whole handler. In a real n8n the handler is a small part of a delivery (HTTP, loading the workflow, saving changed static data, starting and saving a run), and ours starts a run only for deliveries the chosen triggers want. A CPU profile of n8n 2.41 during the Trello pair (3 rounds) found about 80 ms of n8n’s CPU per delivery, about 1 ms of it in either package’s handler (most of that reading the credential); for every delivery to a webhook node of version 1, n8n also evaluates an expression in an isolate (about 7 ms), which it skips from version 1.1 on: our triggers are 1.1 for new nodes (the bench measures that version), n8n’s Trello Trigger has only version 1. Leaving the dedupe ids out of static data (no static data write per run) moved the Trello ratio by less than the rounds’ spread.',
		'Wall times and deliveries per second move with the load on the machine (runs on a busy 2-core machine measured the trigger handlers several times slower), so every side-by-side figure comes from interleaved rounds and shows the median with the range of the rounds; a wide range means the load changed during the run. Compare the ratios, not the absolute figures.',
		'n8n’s GitHub credential has a Server field (meant for Enterprise Server), so its requests go to the fake directly; the fake accepts its `token <x>` authorization as GitHub does. n8n’s GitHub node requires the ES module `change-case`, which the bench’s jest config transforms to load it.',
	);
	writeFileSync(join(PARTS_DIR, 'in-process.json'), JSON.stringify({ header, goals, sections, notes, order: [...order, QUEUE_MODE_TITLE] }, null, '\t'));
}
