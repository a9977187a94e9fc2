import { execFileSync } from 'child_process';

import { freePort, RealN8n } from '../e2e/n8n';

/** A process of the cluster and the log lines that tell what it did. */
export type Role = 'main' | 'worker1' | 'worker2' | 'webhook';

/**
 * n8n in queue mode on one machine: a main process, two workers and a webhook process sharing the
 * PostgreSQL database and Redis that scripts/queue.sh started. Each process has its own user folder
 * with the packed package installed (a worker without it cannot run the package's nodes).
 */
export class QueueCluster {
	private constructor(readonly processes: Record<Role, RealN8n>) {}

	static async create(): Promise<QueueCluster> {
		const redisPort = process.env.QUEUE_REDIS_PORT;
		const pgPort = process.env.QUEUE_PG_PORT;
		if (!redisPort || !pgPort) throw new Error('Run the queue-mode suite through scripts/queue.sh (npm run test:queue).');
		const [main, worker1, worker2, webhook] = await Promise.all([RealN8n.create(), RealN8n.create(), RealN8n.create(), RealN8n.create()]);
		const shared = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: redisPort,
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: pgPort,
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			// Hooks are registered with main's address, as behind a load balancer every process serves it.
			WEBHOOK_URL: `${main.baseUrl}/`,
		};
		for (const instance of [main, worker1, worker2, webhook]) Object.assign(instance.env, shared);
		for (const worker of [worker1, worker2]) {
			worker.env.QUEUE_HEALTH_CHECK_ACTIVE = 'true';
			worker.env.QUEUE_HEALTH_CHECK_PORT = String(await freePort());
		}
		return new QueueCluster({ main, worker1, worker2, webhook });
	}

	get main(): RealN8n {
		return this.processes.main;
	}

	/** Starts main (which activates the published workflows), then the workers and the webhook process. */
	async start(): Promise<void> {
		await this.main.start(180_000);
		await Promise.all([this.startWorker('worker1'), this.startWorker('worker2'), this.startWebhookProcess()]);
	}

	async startWorker(role: 'worker1' | 'worker2'): Promise<void> {
		const worker = this.processes[role];
		await worker.start(180_000, 'worker', `http://127.0.0.1:${worker.env.QUEUE_HEALTH_CHECK_PORT}/healthz/readiness`);
	}

	async startWebhookProcess(): Promise<void> {
		await this.processes.webhook.start(180_000, 'webhook');
	}

	/** The production webhook URL of `path` at one process. */
	webhookUrl(role: 'main' | 'webhook', path: string): string {
		return `${this.processes[role].baseUrl}/webhook/${path}`;
	}

	/** Executions each process says it started (workers log each one they run). */
	executionsStarted(role: Role): number {
		return (this.processes[role].log.match(/Worker started execution/g) ?? []).length;
	}

	/** The workflow's static data as the database the processes share holds it now. */
	staticDataInDatabase(workflowId: string): Record<string, unknown> {
		const psql = process.env.QUEUE_PSQL;
		if (!psql || !process.env.QUEUE_PG_PORT) throw new Error('Run the queue-mode suite through scripts/queue.sh (npm run test:queue).');
		const sql = `SELECT "staticData" FROM workflow_entity WHERE id = '${workflowId.replace(/'/g, "''")}'`;
		const out = execFileSync(psql, ['-h', '127.0.0.1', '-p', process.env.QUEUE_PG_PORT, '-U', 'postgres', '-d', 'n8n', '-Atc', sql]).toString().trim();
		return out ? (JSON.parse(out) as Record<string, unknown>) : {};
	}

	async dispose(): Promise<void> {
		await Promise.all(Object.values(this.processes).map(async (instance) => await instance.dispose()));
	}
}
