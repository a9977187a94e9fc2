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
	/** Every section's title in run order, measured or not, queue mode last: where a section BENCHMARKS.md lacks goes. */
	order?: string[];
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

/** A numbered section heading's title ("## 3. Title" gives "Title"), undefined for any other line. */
const headingTitle = (line: string) => (/^## \d+\. /.test(line) ? line.replace(/^## \d+\. /, '') : undefined);

/** Where a section BENCHMARKS.md lacks goes: before the first published section that runs after it, else before the notes. */
function insertionPoint(lines: string[], title: string, order: string[]): number {
	const rank = order.indexOf(title);
	if (rank === -1) throw new Error(`BENCHMARKS.md has no section titled "${title}" and the run's order of sections does not name it, so it has no place`);
	const later = lines.findIndex((line) => order.indexOf(headingTitle(line) ?? '') > rank);
	if (later !== -1) return later;
	const notes = lines.indexOf('## Notes');
	return notes === -1 ? lines.length : notes;
}

/**
 * BENCHMARKS.md with one section replaced by the same section of a run of that section alone
 * (`npm run bench -- --section <title words>`): the section keeps its number and says that its
 * figures come from their own run and when; the goal rows it measured replace the rows with the
 * same goal text. A section BENCHMARKS.md does not have yet is inserted where the run order puts
 * it, the sections renumbered, and its goal rows that the goals table lacks added at its end.
 * Throws when the run did not measure exactly one section of that title, BENCHMARKS.md has that
 * section twice, or lacks a goal row of a section it has (a run at another size names other goals).
 */
export function replaceSection(published: string, inProcess: InProcessPart, words: string, measuredOn: string): string {
	const measured = inProcess.sections.filter((section) => section.title.includes(words));
	if (measured.length !== 1) throw new Error(`the run measured ${measured.length} sections whose title holds "${words}": exactly one is needed`);
	const [section] = measured;
	const lines = published.split('\n');
	const headings = lines.flatMap((line, index) => (headingTitle(line) === section.title ? [index] : []));
	if (headings.length > 1) throw new Error(`BENCHMARKS.md has ${headings.length} sections titled "${section.title}": exactly one is needed`);
	const inserted = headings.length === 0;
	const note = `Figures from their own run of this section (\`npm run bench -- --section '${words}'\`) on ${measuredOn} UTC, not from the run named at the top.`;
	const text = ['', section.body.trim(), '', note, ''];
	let result: string[];
	if (inserted) {
		const at = insertionPoint(lines, section.title, inProcess.order ?? []);
		let number = 0;
		result = [...lines.slice(0, at), `## 0. ${section.title}`, ...text, ...lines.slice(at)].map((line) => {
			const title = headingTitle(line);
			return title === undefined ? line : `## ${++number}. ${title}`;
		});
	} else {
		const start = headings[0];
		const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
		const end = next === -1 ? lines.length : next;
		result = [...lines.slice(0, start), lines[start], ...text, ...lines.slice(end)];
	}
	if (!inProcess.goals.length) return result.join('\n');
	// The goals table: the first table after "## Goals", rebuilt with the replaced rows.
	const goalsAt = result.indexOf('## Goals');
	const first = result.findIndex((line, index) => index > goalsAt && line.startsWith('| '));
	if (goalsAt === -1 || first === -1) throw new Error('BENCHMARKS.md has no goals table');
	let last = first;
	while (result[last + 1]?.startsWith('|')) last++;
	const cells = (line: string) => line.slice(2, -2).split(' | ').map((cell) => cell.trim());
	const header = cells(result[first]);
	const rows = result.slice(first + 2, last + 1).map(cells);
	for (const goal of inProcess.goals) {
		const row = rows.find((cellsOfRow) => cellsOfRow[0] === goal[0]);
		if (!row && inserted) rows.push([...goal]);
		else if (!row || row.length !== goal.length) throw new Error(`BENCHMARKS.md's goals table has no row "${goal[0]}"`);
		else row.splice(0, row.length, ...goal);
	}
	result.splice(first, last - first + 1, ...table(header, rows).split('\n'));
	return result.join('\n');
}

function readPart<T>(dir: string, name: string): T | undefined {
	const file = join(dir, name);
	return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

/**
 * `node benchmarks-md.js PARTS_DIR OUT [--publish ROOT | --replace-section ROOT WORDS]`: writes
 * the report to OUT; with --publish also to ROOT/BENCHMARKS.md with the chart, refusing when a
 * part is missing; with --replace-section replaces only that section (and its goal rows) there,
 * or adds it in run order when BENCHMARKS.md does not have it yet.
 */
if (require.main === module) {
	const [dir, out, flag, root, words] = process.argv.slice(2);
	const inProcess = readPart<InProcessPart>(dir, 'in-process.json');
	const queue = readPart<QueuePart>(dir, 'queue.json');
	if (!inProcess) {
		console.error('[bench] no in-process part: nothing to report');
		process.exit(1);
	}
	const text = benchmarksMarkdown(inProcess, queue);
	writeFileSync(out, text);
	if (flag === '--replace-section') {
		const file = join(root, 'BENCHMARKS.md');
		try {
			const measuredOn = new Date().toISOString().slice(0, 16).replace('T', ' ');
			writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), inProcess, words, measuredOn));
		} catch (error) {
			console.error(`[bench] ${(error as Error).message}: BENCHMARKS.md left as it was`);
			process.exit(1);
		}
		console.error(`[bench] the section "${words}" and its goal rows replaced in BENCHMARKS.md (added where the run order puts it when it was missing)`);
	}
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
