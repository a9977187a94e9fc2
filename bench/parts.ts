import { mkdirSync, mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * Where a bench run's parts go (scripts/bench.sh sets $BENCH_PARTS): the in-process sections, the
 * queue-mode section and the chart. scripts/benchmarks-md.js numbers the sections in order and
 * writes BENCHMARKS.md from them only after a complete run, so a partial or failed run never
 * replaces the published figures.
 */
export const PARTS_DIR = process.env.BENCH_PARTS || mkdtempSync(join(tmpdir(), 'bench-parts-'));
mkdirSync(PARTS_DIR, { recursive: true });

/** The queue-mode section's title: its part comes after the in-process sections. */
export const QUEUE_MODE_TITLE = 'Queue mode: two workers sharing one token';
