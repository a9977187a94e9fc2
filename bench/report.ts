import type { Arrival } from './fakes';

export function table(headers: string[], rows: Array<Array<string | number>>): string {
	const cells = [headers, ...rows.map((row) => row.map(String))];
	const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
	const line = (row: string[]) => '| ' + row.map((cell, i) => cell.padEnd(widths[i])).join(' | ') + ' |';
	return [line(cells[0]), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}

export const seconds = (ms: number) => (ms / 1000).toFixed(1) + ' s';
export const ratio = (value: number) => (Number.isFinite(value) ? value.toFixed(2) + '×' : '—');

/**
 * Interleaved rounds per side-by-side figure (ours, n8n's, ours, n8n's, …): one round says little on a
 * shared machine, so every ratio is the median of its rounds, shown with its spread. BENCH_ROUNDS
 * overrides the count (at least 1).
 */
export const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 5)) || 5);

/** Median, smallest and largest of the values (the median of an even count is the mean of the middle two). */
export function spread(values: number[]): { median: number; min: number; max: number; count: number } {
	const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
	const count = sorted.length;
	if (!count) return { median: NaN, min: NaN, max: NaN, count };
	const middle = Math.floor(count / 2);
	const median = count % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	return { median, min: sorted[0], max: sorted[count - 1], count };
}

/** "1.23× (1.10–1.40)": the median ratio of the rounds and their range ("—" when there are none). */
export function ratioSpread(values: number[]): string {
	const { median, min, max, count } = spread(values);
	if (!count) return '—';
	return count === 1 ? ratio(median) : `${ratio(median)} (${min.toFixed(2)}–${max.toFixed(2)})`;
}

/** "6120 (5800–6400)": a measured quantity's median over the rounds and its range, with `digits` decimals. */
export function valueSpread(values: number[], digits = 0, unit = ''): string {
	const { median, min, max, count } = spread(values);
	if (!count) return '—';
	const show = (value: number) => value.toFixed(digits);
	return count === 1 ? `${show(median)}${unit}` : `${show(median)}${unit} (${show(min)}–${show(max)})`;
}

/** Ours ÷ n8n's per round, paired by round (both measured minutes apart at most, in alternating order). */
export const roundRatios = (ours: number[], theirs: number[]) => ours.map((value, round) => value / theirs[round]);

/**
 * A goal met by side-by-side rounds: "met" when every round reached it, "met by the median" when
 * only the median did, else "not met".
 */
export function roundsStatus(ratios: number[], meets: (ratio: number) => boolean = (value) => value >= 1): string {
	const { median, count } = spread(ratios);
	if (!count) return 'not measured';
	if (ratios.every(meets)) return 'met';
	return meets(median) ? 'met by the median, not in every round' : 'not met';
}

export interface ChartSeries {
	label: string;
	startedAt: number;
	arrivals: Arrival[];
}

/** Per-second buckets of accepted and refused requests since the series started. */
export function perSecond(series: ChartSeries): Array<{ ok: number; refused: number }> {
	const buckets: Array<{ ok: number; refused: number }> = [];
	for (const arrival of series.arrivals) {
		const second = Math.max(0, Math.floor((arrival.at - series.startedAt) / 1000));
		while (buckets.length <= second) buckets.push({ ok: 0, refused: 0 });
		if (arrival.kind === 'ok') buckets[second].ok++;
		else buckets[second].refused++;
	}
	return buckets;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One panel per series: stacked bars of accepted (green) and refused (red) requests per second, the limit dashed. */
export function rateChartSvg(series: ChartSeries[], limitPerSecond: number, title: string): string {
	const buckets = series.map(perSecond);
	const maxSeconds = Math.max(35, ...buckets.map((b) => b.length));
	const maxRate = Math.max(limitPerSecond * 2, ...buckets.flat().map((b) => b.ok + b.refused));
	const width = 900;
	const panelHeight = 170;
	const left = 50;
	const right = 20;
	const top = 40;
	const plotWidth = width - left - right;
	const plotHeight = panelHeight - 50;
	const barWidth = plotWidth / maxSeconds;
	const y = (value: number) => plotHeight - (value / maxRate) * plotHeight;
	const parts: string[] = [];
	parts.push(`<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${escape(title)}</text>`);
	series.forEach((s, index) => {
		const originY = top + index * panelHeight;
		const g: string[] = [];
		g.push(`<text x="0" y="-6" font-size="13" font-weight="bold">${escape(s.label)}</text>`);
		g.push(`<rect x="0" y="0" width="${plotWidth}" height="${plotHeight}" fill="#fafafa" stroke="#ccc"/>`);
		buckets[index].forEach((bucket, second) => {
			const x = (second * barWidth + 1).toFixed(1);
			const w = Math.max(1, barWidth - 2).toFixed(1);
			if (bucket.ok) g.push(`<rect x="${x}" y="${y(bucket.ok).toFixed(1)}" width="${w}" height="${(plotHeight - y(bucket.ok)).toFixed(1)}" fill="#2e7d32"/>`);
			if (bucket.refused) {
				const topY = y(bucket.ok + bucket.refused);
				g.push(`<rect x="${x}" y="${topY.toFixed(1)}" width="${w}" height="${(y(bucket.ok) - topY).toFixed(1)}" fill="#c62828"/>`);
			}
		});
		g.push(`<line x1="0" x2="${plotWidth}" y1="${y(limitPerSecond).toFixed(1)}" y2="${y(limitPerSecond).toFixed(1)}" stroke="#1565c0" stroke-dasharray="6 4" stroke-width="1.5"/>`);
		g.push(`<text x="${plotWidth - 4}" y="${(y(limitPerSecond) - 4).toFixed(1)}" text-anchor="end" font-size="11" fill="#1565c0">limit ${limitPerSecond} req/s (100 per 10 s)</text>`);
		for (const tick of [0, Math.round(maxRate / 2), Math.round(maxRate)]) {
			g.push(`<text x="-6" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end" font-size="10">${tick}</text>`);
		}
		for (let t = 0; t <= maxSeconds; t += 5) {
			g.push(`<text x="${(t * barWidth).toFixed(1)}" y="${plotHeight + 14}" text-anchor="middle" font-size="10">${t}s</text>`);
		}
		parts.push(`<g transform="translate(${left},${originY + 16})">${g.join('')}</g>`);
	});
	const height = top + series.length * panelHeight + 30;
	parts.push(
		`<g transform="translate(${left},${height - 18})" font-size="11"><rect width="10" height="10" fill="#2e7d32"/><text x="14" y="9">accepted requests per second</text><rect x="200" width="10" height="10" fill="#c62828"/><text x="214" y="9">refused (429) per second</text></g>`,
	);
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n${parts.join('\n')}\n</svg>\n`;
}
