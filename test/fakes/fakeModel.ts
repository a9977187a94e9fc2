import type { FakeRequest } from './server';
import { FakeHttpServer } from './server';

/** One tool call the model makes in one turn, by the tool's name as n8n offers it. */
export interface ToolCall {
	tool: string;
	args: Record<string, unknown>;
}

/** What the model does in one conversation: one tool call per turn, in this order, then the answer. */
export interface ModelScript {
	steps: ToolCall[];
	answer: string;
}

export interface ModelRequest {
	model: string;
	tools?: Array<{ function: { name: string; description?: string; parameters?: unknown } }>;
	messages: Array<{ role: string; content: unknown }>;
}

/**
 * A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for n8n's OpenAI Chat Model
 * (credential `url` = `${baseUrl}/v1`). Each request is answered from the script `scriptFor`
 * picks for its conversation; the turn is the number of tool results the conversation already
 * holds, so parallel conversations (several agents, several items) stay independent.
 * Every request is recorded.
 */
export class FakeModel extends FakeHttpServer {
	readonly requests: ModelRequest[] = [];

	constructor(private readonly scriptFor: (request: ModelRequest) => ModelScript) {
		super();
		this.on('POST', '/v1/chat/completions', (request) => this.answer(request));
	}

	private answer(request: FakeRequest) {
		const body = request.body as ModelRequest;
		this.requests.push(body);
		const turn = body.messages.filter((message) => message.role === 'tool').length;
		const script = this.scriptFor(body);
		const step = script.steps[turn];
		const message = step
			? {
					role: 'assistant',
					content: null,
					tool_calls: [{ id: `call_${turn}`, type: 'function', function: { name: step.tool, arguments: JSON.stringify(step.args) } }],
				}
			: { role: 'assistant', content: script.answer };
		return {
			body: {
				id: `chatcmpl-${this.requests.length}`,
				object: 'chat.completion',
				created: 1_790_000_000,
				model: body.model,
				choices: [{ index: 0, message, finish_reason: step ? 'tool_calls' : 'stop' }],
				usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
			},
		};
	}

	/** The requests of the conversations whose messages mention `text` (e.g. an issue's title). */
	conversation(text: string): ModelRequest[] {
		return this.requests.filter((request) => JSON.stringify(request.messages).includes(text));
	}

	/** What the model was given as each tool call's result, in call order (by the last request of `requests`). */
	toolResults(requests: ModelRequest[] = this.requests): string[] {
		const last = requests[requests.length - 1];
		return last ? last.messages.filter((message) => message.role === 'tool').map((message) => String(message.content)) : [];
	}

	/** The names of the tools offered in a request. */
	static offeredTools(request: ModelRequest): string[] {
		return (request.tools ?? []).map((tool) => tool.function.name);
	}
}
