/**
 * BENCHMARKS.md from the parts of one `npm run bench` run (bench/parts.ts): the in-process part
 * (header, goals, sections in run order, notes) and the queue-mode part. Sections are numbered
 * here, in order, and the notes come last. scripts/bench.sh publishes (writes BENCHMARKS.md and
 * the chart) only after a complete run; otherwise it only prints what was measured.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

export interface BenchSection {
	title: string;
	body: string;
}

export interface InProcessPart {
	header: string[];
	goals: Array<[string, string, string]>;
	sections: BenchSection[];
	notes: string[];
}

export interface QueuePart {
	sections: BenchSection[];
}

function table(headers: string[], rows: string[][]): string {
	const cells = [headers, ...rows];
	const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
	const line = (row: string[]) => '| ' + row.map((cell, i) => cell.padEnd(widths[i])).join(' | ') + ' |';
	return [line(cells[0]), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}

/** The report: header, goals, every section numbered 1… in order, notes last. */
export function benchmarksMarkdown(inProcess: InProcessPart, queue?: QueuePart): string {
	const sections = [...inProcess.sections, ...(queue?.sections ?? [])];
	return [
		...inProcess.header,
		'',
		'## Goals',
		'',
		table(['Goal (issue)', 'Measured', 'Status'], inProcess.goals),
		'',
		...sections.flatMap((section, index) => [`## ${index + 1}. ${section.title}`, '', section.body.trim(), '']),
		...(inProcess.notes.length ? ['## Notes', '', ...inProcess.notes.map((note) => `- ${note}`), ''] : []),
	].join('\n');
}

function readPart<T>(dir: string, name: string): T | undefined {
	const file = join(dir, name);
	return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

/**
 * `node benchmarks-md.js PARTS_DIR OUT [--publish ROOT]`: writes the report to OUT; with
 * --publish also to ROOT/BENCHMARKS.md with the chart, refusing when a part is missing.
 */
if (require.main === module) {
	const [dir, out, flag, root] = process.argv.slice(2);
	const inProcess = readPart<InProcessPart>(dir, 'in-process.json');
	const queue = readPart<QueuePart>(dir, 'queue.json');
	if (!inProcess) {
		console.error('[bench] no in-process part: nothing to report');
		process.exit(1);
	}
	const text = benchmarksMarkdown(inProcess, queue);
	writeFileSync(out, text);
	if (flag === '--publish') {
		const chart = join(dir, 'rate-limit-chart.svg');
		if (!queue || !existsSync(chart)) {
			console.error('[bench] a part of the run is missing (queue mode or the chart): BENCHMARKS.md left as it was');
			process.exit(1);
		}
		writeFileSync(join(root, 'BENCHMARKS.md'), text);
		copyFileSync(chart, join(root, 'bench', 'rate-limit-chart.svg'));
		console.error('[bench] complete run: BENCHMARKS.md and bench/rate-limit-chart.svg written');
	}
}
