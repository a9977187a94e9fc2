import { spawnSync } from 'child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';

import { claimPort, PORT_CLAIMS } from '../e2e/n8n';

/**
 * The end-to-end suite's ports: n8n binds its port seconds after the port is chosen, so a port
 * chosen as free could be chosen again meanwhile (once "n8n's port … is already in use" failed a
 * whole file). A claimed port is never handed out twice while its claimant lives.
 */
describe('port claims of the end-to-end suite', () => {
	// High in the suite's range; the claims are removed afterwards.
	const ports = [31990, 31991, 31992];
	const claimOf = (port: number) => join(PORT_CLAIMS, String(port));
	afterEach(() => ports.forEach((port) => rmSync(claimOf(port), { force: true })));

	it('gives a port to one claimant only, this process included', () => {
		ports.forEach((port) => rmSync(claimOf(port), { force: true }));
		expect(claimPort(ports[0])).toBe(true);
		expect(readFileSync(claimOf(ports[0]), 'utf8')).toBe(String(process.pid));
		expect(claimPort(ports[0])).toBe(false);
		// Another live process's claim, and a claim still being written (empty), are respected.
		writeFileSync(claimOf(ports[1]), String(process.ppid));
		expect(claimPort(ports[1])).toBe(false);
		writeFileSync(claimOf(ports[2]), '');
		expect(claimPort(ports[2])).toBe(false);
	});

	it('takes over the claim of a process that has ended', () => {
		const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
		const deadPid = Number(ended.stdout);
		expect(deadPid).toBeGreaterThan(0);
		writeFileSync(claimOf(ports[0]), String(deadPid));
		expect(claimPort(ports[0])).toBe(true);
		expect(existsSync(claimOf(ports[0]))).toBe(true);
		expect(readFileSync(claimOf(ports[0]), 'utf8')).toBe(String(process.pid));
	});
});
